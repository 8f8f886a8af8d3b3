// HTTPTransportTests
