// The contract's resource types are part of the client's own vocabulary (its endpoints and
// entities name them): a user of the client sees `MarvelResource` without a second import.
@_exported import MarvelContract
