"""Facts and hand-written text for the embedded catalog (used by generate_fixtures.py).

Character, series, event and creator names are real Marvel names (facts). Every description
here is written for this project; many characters deliberately have none, as in the real data.
"""

# Real Marvel character names. Edge cases on purpose: a leading digit (3-D Man sorts first in
# byte order), parentheses, dots, hyphens, accents and a very long name.
CHARACTERS = [
    "3-D Man", "A-Bomb (HAS)", "A.I.M.", "Aaron Stack", "Abomination (Emil Blonsky)",
    "Absorbing Man", "Abyss", "Adam Warlock", "Aegis (Trey Rollins)", "Agent X (Nijo)",
    "Agents of Atlas", "Ajak", "Alpha Flight", "America Chavez", "Angel (Warren Worthington III)",
    "Ant-Man (Scott Lang)", "Apocalypse", "Araña (Anya Corazón)", "Arcade", "Archangel",
    "Avengers", "Banshee", "Baron Zemo (Helmut Zemo)", "Beast", "Beta Ray Bill", "Bishop",
    "Black Bolt", "Black Cat", "Black Knight (Dane Whitman)", "Black Panther", "Black Widow",
    "Blade", "Blink", "Bucky", "Bullseye", "Cable", "Captain America", "Captain Britain",
    "Captain Marvel (Carol Danvers)", "Carnage", "Cloak", "Colossus", "Crystal", "Cyclops",
    "Dagger", "Daredevil", "Dazzler", "Deadpool", "Death", "Deathlok", "Doctor Doom",
    "Doctor Octopus", "Doctor Strange", "Domino", "Dormammu", "Drax", "El Águila", "Electro",
    "Elektra", "Emma Frost", "Enchantress (Amora)", "Falcon", "Fantastic Four", "Firestar",
    "Forge", "Galactus", "Gambit", "Gamora", "Ghost Rider (Johnny Blaze)", "Gladiator (Kallark)",
    "Green Goblin (Norman Osborn)", "Groot", "Guardians of the Galaxy", "Havok", "Hawkeye",
    "Hela", "Hellcat (Patsy Walker)", "Hercules", "Howard The Duck", "Hulk", "Hulkling",
    "Human Torch", "Hydra", "Iceman", "Ikaris", "Invisible Woman", "Iron Fist (Danny Rand)",
    "Iron Man", "Iron Man (Iron Man 3 - The Official Game)", "J. Jonah Jameson", "Jean Grey",
    "Jessica Jones", "Jubilee", "Juggernaut", "Kang", "Karnak", "Kingpin", "Kitty Pryde",
    "Korg", "Kraven the Hunter", "Lady Deathstrike", "Leader", "Lockjaw", "Loki", "Luke Cage",
    "M.O.D.O.K.", "Madame Web", "Magik (Illyana Rasputina)", "Magneto", "Man-Thing",
    "Mantis", "Medusa", "Mephisto", "Mister Fantastic", "Mister Sinister", "Mockingbird",
    "Moon Knight", "Moondragon", "Morbius", "Ms. Marvel (Kamala Khan)", "Mysterio", "Mystique",
    "Namor", "Nebula", "Nick Fury", "Nightcrawler", "Nova", "Okoye", "Omega Red", "Phoenix",
    "Polaris", "Power Man", "Proxima Midnight", "Psylocke", "Punisher", "Quake (Daisy Johnson)",
    "Quicksilver", "Red Skull", "Rhino", "Rocket Raccoon", "Rogue", "Ronan", "S.H.I.E.L.D.",
    "Sabretooth", "Sandman", "Scarlet Witch", "Sentry (Robert Reynolds)", "Señor Muerte",
    "Shang-Chi", "She-Hulk (Jennifer Walters)", "Shocker (Herman Schultz)", "Silver Sable",
    "Silver Surfer", "Spider-Girl (May Parker)", "Spider-Gwen (Gwen Stacy)",
    "Spider-Man (Miles Morales)", "Spider-Man (Peter Parker)", "Spider-Woman (Jessica Drew)",
    "Squirrel Girl", "Star-Lord (Peter Quill)", "Storm", "Sunfire", "Taskmaster", "Thanos",
    "Thing", "Thor", "Tigra", "Ultron", "Valkyrie (Brünnhilde)", "Venom (Eddie Brock)",
    "Vision", "Vulture (Adrian Toomes)", "War Machine (James Rhodes)", "Wasp", "White Tiger",
    "Wiccan", "Winter Soldier", "Wolverine", "Wonder Man", "X-23", "X-Men", "Yellowjacket",
    "Yondu", "Zzzax",
]

# Ids observed in the real API for a few characters, so imports of recorded data merge.
KNOWN_IDS = {
    "3-D Man": 1011334, "A-Bomb (HAS)": 1017100, "A.I.M.": 1009144, "Aaron Stack": 1010699,
    "Abomination (Emil Blonsky)": 1009146, "Absorbing Man": 1016823, "Abyss": 1009148,
    "Thanos": 1009652, "Spider-Man (Peter Parker)": 1009610, "Iron Man": 1009368,
    "Hulk": 1009351, "Captain America": 1009220, "Wolverine": 1009718, "Thor": 1009664,
}

# Descriptions written for this project (short, in our own words).
DESCRIPTIONS = {
    "3-D Man": "Two brothers share one body when a pair of special glasses brings the hero back.",
    "Adam Warlock": "A being grown in a cocoon who keeps returning to guard the cosmos from itself.",
    "Black Panther": "King of Wakanda, scientist and warrior who answers to his people first.",
    "Black Widow": "A spy trained from childhood who spends her life paying off old debts.",
    "Captain America": "A soldier out of time who still believes the best of the people he protects.",
    "Captain Marvel (Carol Danvers)": "A pilot turned cosmic powerhouse who never backs down.",
    "Daredevil": "A blind lawyer whose other senses let him patrol Hell's Kitchen at night.",
    "Deadpool": "A mercenary with a healing factor and no volume control.",
    "Doctor Doom": "Monarch of Latveria, sorcerer and inventor, certain he alone should rule.",
    "Doctor Strange": "A surgeon who lost his hands' precision and found the mystic arts instead.",
    "Galactus": "A world-eater older than this universe, bound to hunger.",
    "Groot": "A tree-like traveller of few words and enormous loyalty.",
    "Hulk": "A scientist whose anger becomes a force no army can stop.",
    "Iron Man": "An engineer who built his way out of a cave and kept building.",
    "Jean Grey": "A telepath and telekinetic who has carried the Phoenix more than once.",
    "Loki": "Trickster, schemer and sometimes hero, never exactly what he seems.",
    "Magneto": "Master of magnetism who fights for mutant survival by any means.",
    "Ms. Marvel (Kamala Khan)": "A teenager from Jersey City who can stretch, shrink and embiggen.",
    "Namor": "The short-tempered ruler of Atlantis, hero and threat by turns.",
    "Nick Fury": "A spymaster with an eye patch and a plan behind every plan.",
    "Punisher": "A veteran at war with crime, by methods heroes refuse.",
    "Rocket Raccoon": "A small, sharp-tongued gunsmith who can fly anything.",
    "Scarlet Witch": "A mutant whose chaos magic can rewrite what is real.",
    "Silver Surfer": "Former herald of Galactus who rides the stars on a board of silver.",
    "Spider-Man (Peter Parker)": "A Queens science student who learned what great power costs.",
    "Spider-Man (Miles Morales)": "A Brooklyn teen with venom blasts and camouflage.",
    "Storm": "A mutant who commands the weather and leads with calm.",
    "Thanos": "A Titan obsessed with Death, forever reaching for cosmic power.",
    "Thing": "A pilot turned orange rock, with the biggest heart in the Fantastic Four.",
    "Thor": "The god of thunder, worthy of his hammer on most days.",
    "Ultron": "A robot who hates the man who made him and every living thing besides.",
    "Venom (Eddie Brock)": "A reporter bonded to an alien symbiote with a taste for justice.",
    "Vision": "A synthetic man who keeps trying to understand what it is to feel.",
    "Wolverine": "A mutant with claws, a healing factor and a very long memory.",
    "X-23": "A clone raised as a weapon who chose to be a hero.",
    "Squirrel Girl": "She has the powers of a squirrel and the powers of a girl, and never loses.",
}

DESCRIPTION_PARTS = (
    ["A veteran", "A reluctant", "A young", "A relentless", "An ancient", "A brilliant",
     "A cunning", "A cheerful", "A haunted", "A fearless"],
    ["fighter", "inventor", "mutant", "sorcerer", "mercenary", "explorer", "agent", "outcast",
     "guardian", "rival"],
    ["who guards the streets of New York.", "caught between two worlds.",
     "with a grudge against the Avengers.", "who answers any call for help.",
     "whose powers came at a price.", "who works best alone.", "from a distant galaxy.",
     "with secrets of their own.", "trained by the best.", "who never stays down for long."],
)

SERIES = [
    # (title, format of its issues)
    ("Amazing Spider-Man (1963)", "Comic"), ("Avengers (1963)", "Comic"),
    ("Uncanny X-Men (1963)", "Comic"), ("Fantastic Four (1961)", "Comic"),
    ("Iron Man (1968)", "Comic"), ("Thor (1966)", "Comic"), ("Captain America (1968)", "Comic"),
    ("Incredible Hulk (1968)", "Comic"), ("Daredevil (1964)", "Comic"), ("X-Men (1991)", "Comic"),
    ("New Avengers (2004)", "Comic"), ("Guardians of the Galaxy (2008)", "Comic"),
    ("Black Panther (2016)", "Comic"), ("Ms. Marvel (2014)", "Comic"),
    ("Deadpool (2012)", "Comic"), ("Silver Surfer (2016)", "Comic"),
    ("Moon Knight (2016)", "Comic"), ("Doctor Strange (2015)", "Comic"),
    ("Captain Marvel (2019)", "Comic"), ("Wolverine (2003)", "Comic"), ("Thanos (2016)", "Comic"),
    ("Infinity Gauntlet (1991)", "Comic"), ("Civil War (2006)", "Comic"),
    ("Secret Wars (2015)", "Comic"), ("House of M (2005)", "Comic"),
    ("Spider-Man: Miles Morales (2018)", "Comic"), ("Avengers: The Initiative (2007)", "Comic"),
    ("Marvel Universe Avengers Earth's Mightiest Heroes (2012)", "Digital Comic"),
    ("Marvel Universe Ultimate Spider-Man (2012)", "Digital Comic"),
    ("Avengers Vs. X-Men Infinite (2012)", "Infinite Comic"),
    ("Nova Special Infinite Comic (2013)", "Infinite Comic"),
    ("Marvel's Voices Infinity Comic (2022)", "Digital Vertical Comic"),
    ("Alligator Loki Infinity Comic (2022)", "Digital Vertical Comic"),
    ("Marvel Masterworks: The Amazing Spider-Man (2003)", "Hardcover"),
    ("Avengers Omnibus (2011)", "Hardcover"),
    ("X-Men Epic Collection (2014)", "Trade Paperback"),
    ("Guardians of the Galaxy Vol. 1: Cosmic Avengers (2013)", "Trade Paperback"),
    ("Amazing Spider-Man Digest (1987)", "Digest"), ("Marvel Adventures Digest (2005)", "Digest"),
    ("Crazy Magazine (1973)", "Magazine"), ("Savage Tales (1971)", "Magazine"),
    ("Marvel Graphic Novel (1982)", "Graphic Novel"), ("X-Men: God Loves, Man Kills (1982)", "Graphic Novel"),
    ("Marvel Previews (2017)", ""),
]

EVENTS = [
    "Acts of Vengeance!", "Age of Ultron", "Annihilation", "Avengers VS X-Men", "Civil War",
    "Fear Itself", "House of M", "Infinity Gauntlet", "Infinity War", "Inferno",
    "Maximum Carnage", "Onslaught", "Secret Invasion", "Secret Wars", "Siege",
]

CREATORS = [
    "Stan Lee", "Jack Kirby", "Steve Ditko", "John Romita Sr.", "Chris Claremont",
    "John Byrne", "Jim Starlin", "Walt Simonson", "Frank Miller", "Brian Michael Bendis",
    "Jonathan Hickman", "G. Willow Wilson", "Ta-Nehisi Coates", "Kelly Sue DeConnick",
    "Sara Pichelli", "Esad Ribić", "Chris Samnee", "Kelly Thompson", "Al Ewing", "Mark Waid",
]

CREATOR_ROLES = ["writer", "penciller", "inker", "colorist", "letterer", "editor",
                 "penciller (cover)", "penciler (cover)", "artist"]

SOLICITS = [
    "The fight everyone saw coming finally arrives, and nobody walks away unchanged.",
    "An old enemy returns with a new plan and a very old grudge.",
    "A quiet night in the city turns into the longest night of the year.",
    "Secrets from the past come to light as the team splits in two.",
    "A cosmic signal draws heroes to the edge of known space.",
    "Collecting a landmark run, with every cover and a gallery of sketches.",
    "Allies become rivals when a prize too big to share falls from the sky.",
    "The start of a new era: new city, new suit, same bad luck.",
]

# Who appears in each series: the lead(s) first, then the supporting cast and villains, so a
# generated issue of "Amazing Spider-Man (1963)" lists Spider-Man and his world, not random people.
# Series not listed here (anthologies, collections, previews) draw from ANTHOLOGY_CAST.
SERIES_CAST = {
    "Amazing Spider-Man (1963)": ["Spider-Man (Peter Parker)", "J. Jonah Jameson", "Green Goblin (Norman Osborn)",
        "Doctor Octopus", "Vulture (Adrian Toomes)", "Black Cat", "Electro", "Sandman", "Mysterio",
        "Kraven the Hunter", "Rhino", "Shocker (Herman Schultz)", "Venom (Eddie Brock)", "Carnage", "Madame Web"],
    "Avengers (1963)": ["Avengers", "Captain America", "Iron Man", "Thor", "Wasp", "Hawkeye", "Vision",
        "Scarlet Witch", "Quicksilver", "Black Knight (Dane Whitman)", "Wonder Man", "Kang", "Ultron",
        "Baron Zemo (Helmut Zemo)", "Mockingbird", "Hercules", "Yellowjacket", "Moondragon"],
    "Uncanny X-Men (1963)": ["X-Men", "Cyclops", "Jean Grey", "Storm", "Wolverine", "Nightcrawler", "Colossus",
        "Kitty Pryde", "Rogue", "Magneto", "Banshee", "Sunfire", "Havok", "Polaris", "Mister Sinister",
        "Juggernaut", "Mystique", "Dazzler", "Forge", "Iceman", "Angel (Warren Worthington III)", "Beast"],
    "Fantastic Four (1961)": ["Fantastic Four", "Mister Fantastic", "Invisible Woman", "Human Torch", "Thing",
        "Doctor Doom", "Galactus", "Silver Surfer", "Namor", "Black Bolt", "Medusa", "Crystal", "Karnak",
        "Lockjaw", "Black Panther"],
    "Iron Man (1968)": ["Iron Man", "War Machine (James Rhodes)", "Nick Fury", "S.H.I.E.L.D.", "A.I.M.",
        "M.O.D.O.K.", "Aaron Stack", "Iron Man (Iron Man 3 - The Official Game)"],
    "Thor (1966)": ["Thor", "Loki", "Enchantress (Amora)", "Hela", "Beta Ray Bill", "Valkyrie (Brünnhilde)",
        "Absorbing Man", "Korg", "Hercules"],
    "Captain America (1968)": ["Captain America", "Falcon", "Bucky", "Red Skull", "Hydra", "Baron Zemo (Helmut Zemo)",
        "Winter Soldier", "Nick Fury", "Taskmaster"],
    "Incredible Hulk (1968)": ["Hulk", "Abomination (Emil Blonsky)", "Leader", "A-Bomb (HAS)",
        "She-Hulk (Jennifer Walters)", "Zzzax", "Absorbing Man"],
    "Daredevil (1964)": ["Daredevil", "Kingpin", "Elektra", "Bullseye", "Punisher", "Black Widow"],
    "X-Men (1991)": ["X-Men", "Cyclops", "Wolverine", "Rogue", "Gambit", "Psylocke", "Jubilee", "Bishop",
        "Beast", "Storm", "Omega Red", "Apocalypse", "Archangel", "Cable", "Domino", "Sabretooth", "Blink"],
    "New Avengers (2004)": ["Avengers", "Luke Cage", "Jessica Jones", "Spider-Woman (Jessica Drew)",
        "Iron Fist (Danny Rand)", "Sentry (Robert Reynolds)", "Ms. Marvel (Kamala Khan)", "Power Man", "Mockingbird"],
    "Guardians of the Galaxy (2008)": ["Guardians of the Galaxy", "Star-Lord (Peter Quill)", "Gamora", "Drax",
        "Rocket Raccoon", "Groot", "Mantis", "Adam Warlock", "Nebula", "Ronan", "Yondu", "Nova"],
    "Black Panther (2016)": ["Black Panther", "Okoye", "White Tiger"],
    "Ms. Marvel (2014)": ["Ms. Marvel (Kamala Khan)", "Captain Marvel (Carol Danvers)", "Lockjaw", "Squirrel Girl"],
    "Deadpool (2012)": ["Deadpool", "Cable", "Domino", "Taskmaster", "Agent X (Nijo)", "Howard The Duck"],
    "Silver Surfer (2016)": ["Silver Surfer", "Galactus", "Thanos", "Death"],
    "Moon Knight (2016)": ["Moon Knight", "Blade", "Morbius", "Man-Thing", "Ghost Rider (Johnny Blaze)"],
    "Doctor Strange (2015)": ["Doctor Strange", "Dormammu", "Mephisto", "Cloak", "Dagger", "Hellcat (Patsy Walker)",
        "Magik (Illyana Rasputina)"],
    "Captain Marvel (2019)": ["Captain Marvel (Carol Danvers)", "Spider-Woman (Jessica Drew)", "Tigra", "Quake (Daisy Johnson)"],
    "Wolverine (2003)": ["Wolverine", "Sabretooth", "Lady Deathstrike", "X-23", "Omega Red"],
    "Thanos (2016)": ["Thanos", "Proxima Midnight", "Death", "Nebula", "Gamora"],
    "Infinity Gauntlet (1991)": ["Thanos", "Adam Warlock", "Silver Surfer", "Death", "Mephisto", "Nebula",
        "Doctor Strange", "Captain America", "Thor", "Iron Man", "Hulk", "Moondragon"],
    "Civil War (2006)": ["Iron Man", "Captain America", "Spider-Man (Peter Parker)", "Punisher", "Falcon",
        "Sentry (Robert Reynolds)", "Luke Cage", "Invisible Woman", "She-Hulk (Jennifer Walters)"],
    "Secret Wars (2015)": ["Doctor Doom", "Mister Fantastic", "Black Panther", "Namor", "Thanos", "Captain Britain"],
    "House of M (2005)": ["Scarlet Witch", "Magneto", "Quicksilver", "Wolverine", "Polaris", "Emma Frost"],
    "Spider-Man: Miles Morales (2018)": ["Spider-Man (Miles Morales)", "Spider-Gwen (Gwen Stacy)",
        "Spider-Girl (May Parker)", "Araña (Anya Corazón)", "Rhino", "Electro"],
    "Avengers: The Initiative (2007)": ["Avengers", "Hulkling", "Wiccan", "Firestar", "Gladiator (Kallark)",
        "Ikaris", "Ajak", "Agents of Atlas"],
    "Marvel Universe Avengers Earth's Mightiest Heroes (2012)": ["Avengers", "Iron Man", "Thor", "Hulk",
        "Captain America", "Hawkeye", "Black Widow", "Wasp", "Ant-Man (Scott Lang)"],
    "Marvel Universe Ultimate Spider-Man (2012)": ["Spider-Man (Peter Parker)", "Nova", "Iron Fist (Danny Rand)",
        "Power Man", "White Tiger", "Nick Fury"],
    "Avengers Vs. X-Men Infinite (2012)": ["Avengers", "X-Men", "Phoenix", "Cyclops", "Captain America",
        "Emma Frost", "Magik (Illyana Rasputina)"],
    "Nova Special Infinite Comic (2013)": ["Nova", "Rocket Raccoon", "Gamora"],
    "Marvel Masterworks: The Amazing Spider-Man (2003)": ["Spider-Man (Peter Parker)", "J. Jonah Jameson",
        "Green Goblin (Norman Osborn)", "Doctor Octopus", "Vulture (Adrian Toomes)"],
    "Avengers Omnibus (2011)": ["Avengers", "Captain America", "Iron Man", "Thor", "Wasp", "Hawkeye"],
    "X-Men Epic Collection (2014)": ["X-Men", "Cyclops", "Jean Grey", "Beast", "Iceman", "Angel (Warren Worthington III)",
        "Magneto"],
    "Guardians of the Galaxy Vol. 1: Cosmic Avengers (2013)": ["Guardians of the Galaxy", "Star-Lord (Peter Quill)",
        "Gamora", "Drax", "Rocket Raccoon", "Groot"],
    "Amazing Spider-Man Digest (1987)": ["Spider-Man (Peter Parker)", "Black Cat", "J. Jonah Jameson"],
}

# Characters no series above names appear in the anthology-like series.
ANTHOLOGY_SERIES = ["Marvel Adventures Digest (2005)", "Crazy Magazine (1973)", "Savage Tales (1971)",
                    "Marvel Graphic Novel (1982)", "X-Men: God Loves, Man Kills (1982)", "Marvel Previews (2017)",
                    "Marvel's Voices Infinity Comic (2022)", "Alligator Loki Infinity Comic (2022)"]

# The year each event ran: a comic is part of an event only if it came out then.
EVENT_YEARS = {
    "Acts of Vengeance!": 1989, "Age of Ultron": 2013, "Annihilation": 2006, "Avengers VS X-Men": 2012,
    "Civil War": 2006, "Fear Itself": 2011, "House of M": 2005, "Infinity Gauntlet": 1991,
    "Infinity War": 1992, "Inferno": 1988, "Maximum Carnage": 1993, "Onslaught": 1996,
    "Secret Invasion": 2008, "Secret Wars": 2015, "Siege": 2010,
}

# The years each creator worked for Marvel (roughly): issues get creators active at the time.
CREATOR_YEARS = {
    "Stan Lee": (1961, 1979), "Jack Kirby": (1961, 1978), "Steve Ditko": (1962, 1968),
    "John Romita Sr.": (1965, 1985), "Chris Claremont": (1975, 2005), "John Byrne": (1977, 1995),
    "Jim Starlin": (1972, 1995), "Walt Simonson": (1980, 1995), "Frank Miller": (1979, 1990),
    "Brian Michael Bendis": (2000, 2018), "Jonathan Hickman": (2009, 2020), "G. Willow Wilson": (2014, 2019),
    "Ta-Nehisi Coates": (2016, 2021), "Kelly Sue DeConnick": (2012, 2016), "Sara Pichelli": (2010, 2020),
    "Esad Ribić": (2005, 2020), "Chris Samnee": (2011, 2020), "Kelly Thompson": (2015, 2023),
    "Al Ewing": (2012, 2023), "Mark Waid": (1990, 2023),
}
