/// Which way a tokenizer query looks from a position, as UITextStorageDirection does.
public enum StorageDirection: String, Sendable, CaseIterable {
    /// Towards the end of the text.
    case forward
    /// Towards the start of the text.
    case backward
}
