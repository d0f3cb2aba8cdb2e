/// The Reports module's icons (``Icon``).
extension Icon {
    static let reports = Icon(pathData: "M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6")
    static let levelTop = Icon(pathData: "M4 11l8-7 8 7M6 10v10h12V10")
    static let recentre = Icon(pathData: "M12 18a6 6 0 1 0 0-12 6 6 0 0 0 0 12zM12 2v4M12 18v4M2 12h4M18 12h4")
    static let zoomIn = Icon(pathData: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4M8 11h6M11 8v6")
    static let zoomOut = Icon(pathData: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4M8 11h6")
    static let scan = Icon(
        pathData: "M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3M8 10h8M8 14h5")
}
