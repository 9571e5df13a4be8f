/// The server's name and version as `initialize` reports them.
public enum TextServicesVersion {
    public static let server = "textsvcd"
    public static let version = "0.1.0"
    public static let protocolVersion = 1
}
