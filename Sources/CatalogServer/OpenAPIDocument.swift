import Catalog
import ContractServing
import Foundation

/// `GET /openapi.json`: the routes this server answers, made from the route table itself (the
/// six resource types and their sub-collections, `ContractRoute`) and from what the source
/// honours (`LiveSourceCapabilities`: each list's parameters and `orderBy` fields), so the
/// description cannot drift from the routes. OpenAPI 3.0.3, checked by openapi-spec-validator
/// (`OpenAPITests`).
enum OpenAPIDocument {
    /// The document for a source with `capabilities`; `signed`: requests need apikey, ts and hash.
    static func json(_ capabilities: LiveSourceCapabilities, source: String, signed: Bool) -> [UInt8] {
        let document = build(capabilities, source: source, signed: signed)
        let data = (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])) ?? Data("{}".utf8)
        return [UInt8](data)
    }

    typealias Object = [String: Any]

    static func build(_ capabilities: LiveSourceCapabilities, source: String, signed: Bool) -> Object {
        var paths: Object = [:]
        for kind in EntityKind.allCases {
            let id = idParameter(kind)
            paths["/v1/public/\(kind.rawValue)"] = ["get": operation(
                "list_\(kind.rawValue)", "The \(kind.rawValue) matching the filters, one page.",
                parameters: listParameters(kind, capabilities, excluding: nil) + authParameters(signed), kind: kind, byID: false)]
            paths["/v1/public/\(kind.rawValue)/{\(id)}"] = ["get": operation(
                "get_\(kind.singular)", "One \(kind.singular) by id (a page of one).",
                parameters: [pathParameter(id)] + authParameters(signed), kind: kind, byID: true)]
            for sub in kind.subCollections {
                paths["/v1/public/\(kind.rawValue)/{\(id)}/\(sub.rawValue)"] = ["get": operation(
                    "list_\(kind.singular)_\(sub.rawValue)", "The \(sub.rawValue) of one \(kind.singular).",
                    parameters: [pathParameter(id)] + listParameters(sub, capabilities, excluding: kind) + authParameters(signed),
                    kind: sub, byID: true)]
            }
        }
        return [
            "openapi": "3.0.3",
            "info": ["title": "Marvel Comics API (marvel-gallery serve, source: \(source))", "version": "1.0.0",
                     "description": "The Marvel Comics REST contract as this server answers it. Lists take `limit` 1-100 "
                         + "(default 20) and `offset`; list filters take up to 10 comma-separated ids; an unknown "
                         + "parameter is a 409."],
            "paths": paths,
            "components": ["schemas": schemas(), "responses": errorResponses()],
        ]
    }

    private static func idParameter(_ kind: EntityKind) -> String { "\(kind.singular)Id" }

    private static func pathParameter(_ name: String) -> Object {
        ["name": name, "in": "path", "required": true, "schema": ["type": "integer", "minimum": 1]]
    }

    private static func operation(_ id: String, _ summary: String, parameters: [Object], kind: EntityKind, byID: Bool) -> Object {
        var responses: Object = [
            "200": ["description": "A page of \(kind.rawValue).", "headers": ["ETag": ["schema": ["type": "string"]]],
                    "content": ["application/json": ["schema": ["$ref": "#/components/schemas/\(kind.rawValue)Envelope"]]]],
            "304": ["description": "Not modified since the ETag sent as If-None-Match."],
            "401": ["$ref": "#/components/responses/InvalidCredentials"],
            "405": ["$ref": "#/components/responses/MethodNotAllowed"],
            "409": ["$ref": "#/components/responses/Invalid"],
            "429": ["$ref": "#/components/responses/RateLimited"],
            "500": ["$ref": "#/components/responses/ServerError"],
            "503": ["$ref": "#/components/responses/Unavailable"],
        ]
        if byID { responses["404"] = ["$ref": "#/components/responses/NotFound"] }
        return ["operationId": id, "summary": summary, "tags": [kind.rawValue], "parameters": parameters, "responses": responses]
    }

    private static func authParameters(_ signed: Bool) -> [Object] {
        let what = signed ? "Required (or a referrer the server allows for apikey alone)." : "Accepted and ignored: this server is open."
        return [("apikey", "Your public key. \(what)"), ("ts", "A timestamp or other string, with hash."),
                ("hash", "md5(ts + privateKey + publicKey), lowercase hex.")].map { name, text in
            ["name": name, "in": "query", "required": false, "description": text, "schema": ["type": "string"]]
        }
    }

    /// A list's parameters as the source honours them; the scope's own filter is not one
    /// (no `characters=` on `/characters/{id}/comics`).
    private static func listParameters(_ kind: EntityKind, _ capabilities: LiveSourceCapabilities,
                                       excluding scope: EntityKind?) -> [Object] {
        let names = (capabilities.listParameters[kind] ?? []).subtracting(scope.map { [$0.rawValue] } ?? [])
        let orders = (capabilities.orders[kind] ?? []).sorted()
        return names.sorted().map { name in
            var parameter: Object = ["name": name, "in": "query", "required": false, "schema": schema(of: name, orders: orders)]
            if let text = description(of: name) { parameter["description"] = text }
            if name == "orderBy" { parameter["style"] = "form"; parameter["explode"] = false }
            return parameter
        }
    }

    static let idListParameters: Set<String> = ["characters", "comics", "creators", "events", "series", "stories",
                                                 "sharedAppearances", "collaborators"]

    private static func schema(of name: String, orders: [String]) -> Object {
        switch name {
        case "limit": return ["type": "integer", "minimum": 1, "maximum": 100, "default": 20]
        case "offset": return ["type": "integer", "minimum": 0, "default": 0]
        case "startYear", "digitalId": return ["type": "integer"]
        case "issueNumber": return ["type": "number"]
        case "noVariants", "hasDigitalIssue": return ["type": "boolean"]
        case "modifiedSince": return ["type": "string", "format": "date"]
        case "format": return ["type": "string", "enum": ComicFilter.formats]
        case "formatType": return ["type": "string", "enum": ["comic", "collection"]]
        case "dateDescriptor": return ["type": "string", "enum": ["lastWeek", "thisWeek", "nextWeek", "thisMonth"]]
        case "seriesType": return ["type": "string", "enum": EntityFilter.seriesTypes.sorted()]
        case "contains": return ["type": "string", "description": "Comma-separated formats."]
        case "orderBy": return ["type": "array", "items": ["type": "string", "enum": orders + orders.map { "-" + $0 }]]
        case let list where idListParameters.contains(list):
            return ["type": "string", "pattern": "^[0-9]+(,[0-9]+){0,9}$"]
        default: return ["type": "string", "minLength": 1]
        }
    }

    private static func description(of name: String) -> String? {
        switch name {
        case "orderBy": "Comma-separated fields; a leading - sorts descending; earlier fields win."
        case "dateRange": "Two dates, YYYY-MM-DD,YYYY-MM-DD."
        case "nameContains", "titleContains": "This server's own: anywhere in the name (the real API has no such filter)."
        case let list where idListParameters.contains(list): "Up to 10 comma-separated ids."
        default: nil
        }
    }

    private static func errorResponses() -> Object {
        func error(_ text: String) -> Object {
            ["description": text, "content": ["application/json": ["schema": ["$ref": "#/components/schemas/Error"]]]]
        }
        return ["InvalidCredentials": error("MissingParameter or InvalidCredentials (string code, message); InvalidReferer."),
                "NotFound": error("No such id ({code: 404, status}) or no such route ({code: ResourceNotFound, message})."),
                "MethodNotAllowed": error("A method other than GET or HEAD."),
                "Invalid": error("A parameter the contract rejects ({code: 409, status})."),
                "RateLimited": error("Too many requests; Retry-After says when to ask again."),
                "ServerError": error("The source could not answer."),
                "Unavailable": error("The source is unavailable for now; Retry-After may say when.")]
    }

    private static func schemas() -> Object {
        let summary: Object = ["type": "object", "required": ["resourceURI", "name"],
                               "properties": ["resourceURI": ["type": "string"], "name": ["type": "string"],
                                              "role": ["type": "string"], "type": ["type": "string"]]]
        let list: Object = ["type": "object", "required": ["available", "collectionURI", "items", "returned"],
                            "properties": ["available": ["type": "integer"], "returned": ["type": "integer"],
                                           "collectionURI": ["type": "string"],
                                           "items": ["type": "array", "items": ["$ref": "#/components/schemas/Summary"]]]]
        let image: Object = ["type": "object", "nullable": true, "required": ["path", "extension"],
                             "properties": ["path": ["type": "string"], "extension": ["type": "string"]]]
        var out: Object = [
            "Summary": summary, "ResourceList": list, "Image": image,
            "Error": ["type": "object", "required": ["code"],
                      "properties": ["code": ["oneOf": [["type": "integer"], ["type": "string"]]],
                                     "status": ["type": "string"], "message": ["type": "string"]]],
        ]
        for kind in EntityKind.allCases {
            var properties: Object = ["id": ["type": "integer"], "resourceURI": ["type": "string"],
                                      "modified": ["type": "string"], "thumbnail": ["$ref": "#/components/schemas/Image"]]
            properties[kind.nameField] = ["type": "string"]
            for field in kind.listFieldNames { properties[field] = ["$ref": "#/components/schemas/ResourceList"] }
            if kind == .comics { properties["series"] = ["$ref": "#/components/schemas/Summary"] }
            out[kind.singular.capitalized] = ["type": "object", "required": ["id", "resourceURI", kind.nameField], "properties": properties]
            out["\(kind.rawValue)Envelope"] = [
                "type": "object", "required": ["code", "status", "etag", "data"],
                "properties": [
                    "code": ["type": "integer"], "status": ["type": "string"], "etag": ["type": "string"],
                    "copyright": ["type": "string"], "attributionText": ["type": "string"], "attributionHTML": ["type": "string"],
                    "data": ["type": "object", "required": ["offset", "limit", "total", "count", "results"],
                             "properties": ["offset": ["type": "integer"], "limit": ["type": "integer"],
                                            "total": ["type": "integer"], "count": ["type": "integer"],
                                            "results": ["type": "array", "items": ["$ref": "#/components/schemas/\(kind.singular.capitalized)"]]]],
                ]]
        }
        return out
    }
}
