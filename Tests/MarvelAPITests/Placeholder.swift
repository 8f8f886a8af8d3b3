// MarvelAPITests
