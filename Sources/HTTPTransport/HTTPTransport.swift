// HTTPTransport: see README "Layout".
