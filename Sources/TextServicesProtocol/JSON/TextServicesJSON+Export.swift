/// The wire's JSON values, parser and encoder live in `TextServicesJSON`, below the domain; every user of the protocol sees them.
@_exported import TextServicesJSON
