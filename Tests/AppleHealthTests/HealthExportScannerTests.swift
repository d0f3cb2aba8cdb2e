import Foundation
import KineticCore
import Testing

@testable import AppleHealth

/// A small export with the traps of real ones: a broken internal DTD, entities and non-ASCII
/// text in attributes, records with children, records inside a Correlation, other record types.
let messyExport = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE HealthData [
    <!-- HealthKit Export Version: 11 -->
    <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout)*)>
    <!ATTLIST Record
      type CDATA #REQUIRED
      unit CDATA
      value CDATA #IMPLIED
    >
    <!ATTLIST Record type CDATA #REQUIRED>
    <!ELEMENT Correlation ((MetadataEntry|Record)*)>
    ]>
    <HealthData locale="de_DE">
     <ExportDate value="2021-01-02 09:00:00 +0100"/>
     <Me HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>
     <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Zoë’s iPhone &amp; Co" sourceVersion="14.2" device="&lt;&lt;HKDevice: 0x2&gt;, name:iPhone, model:iPhone&gt;" unit="count" creationDate="2021-01-01 10:12:00 +0100" startDate="2021-01-01 10:00:00 +0100" endDate="2021-01-01 10:10:00 +0100" value="500"/>
     <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Zoë’s Apple Watch" unit="count/min" startDate="2021-01-01 10:00:00 +0100" endDate="2021-01-01 10:00:00 +0100" value="88">
      <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="1"/>
     </Record>
     <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Health" unit="count" startDate="2021-01-01 12:00:00 +0100" endDate="2021-01-01 12:00:00 +0100" value="1200">
      <MetadataEntry key="HKWasUserEntered" value="1"/>
     </Record>
     <Correlation type="HKCorrelationTypeIdentifierFood" sourceName="App" startDate="2021-01-01 13:00:00 +0100" endDate="2021-01-01 13:00:00 +0100">
      <MetadataEntry key="meal" value="lunch"/>
      <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Pedometer++" unit="count" startDate="2021-01-01 13:00:00 +0100" endDate="2021-01-01 13:30:00 +0100" value="42.5"/>
     </Correlation>
     <!-- <Record type="HKQuantityTypeIdentifierStepCount" sourceName="commented out" startDate="2021-01-01 13:00:00 +0100" endDate="2021-01-01 13:30:00 +0100" value="9999"/> -->
    </HealthData>

    """

func scan(_ text: String, chunkSize: Int = 4096) throws -> (records: [HealthStepRecord], scanner: HealthExportScanner) {
    var records: [HealthStepRecord] = []
    let scanner = HealthExportScanner { records.append($0) }
    let bytes = Array(text.utf8)
    var index = 0
    while index < bytes.count {
        try scanner.feed(bytes[index..<min(bytes.count, index + chunkSize)])
        index += chunkSize
    }
    try scanner.finish()
    return (records, scanner)
}

@Suite struct HealthExportScannerTests {
    @Test func messyExport_yieldsEveryStepRecordAndNothingElse() throws {
        let (records, scanner) = try scan(messyExport)
        #expect(records.count == 3)
        #expect(scanner.recordsRead == 4)
        #expect(records[0].sourceName == "Zoë’s iPhone & Co")
        #expect(records[0].device == "<<HKDevice: 0x2>, name:iPhone, model:iPhone>")
        #expect(records[0].start == 1_609_491_600) // 09:00 UTC
        #expect(records[0].utcOffset == 3_600)
        #expect(records[0].value == 500)
        #expect(records[0].sample.kind == .phone)
        #expect(records[1].wasUserEntered)
        #expect(records[1].sample.kind == .manual)
        #expect(records[2].sourceName == "Pedometer++")
        #expect(records[2].value == 42.5)
    }

    @Test(arguments: [1, 7, 64, 1_000])
    func chunkBoundaries_doNotChangeTheResult(chunkSize: Int) throws {
        #expect(try scan(messyExport, chunkSize: chunkSize).records == scan(messyExport).records)
    }

    @Test func truncatedFile_isReportedWithItsLine() throws {
        let cut = String(messyExport.prefix(messyExport.count - 200))
        do {
            _ = try scan(cut)
            Issue.record("a truncated export must not read")
        } catch let error as HealthExportError {
            #expect(error.kind == .truncated)
            #expect(error.line > 10)
            #expect(error.description.contains("incomplete"))
        }
    }

    @Test func missingClosingRoot_isTruncated() throws {
        let cut = messyExport.replacingOccurrences(of: "</HealthData>", with: "")
        #expect(
            throws: HealthExportError(
                kind: .truncated, byteOffset: cut.utf8.count, line: cut.split(separator: "\n", omittingEmptySubsequences: false).count)
        ) {
            try scan(cut)
        }
    }

    @Test func brokenAttribute_isMalformedAtItsLine() throws {
        let broken = messyExport.replacingOccurrences(of: "value=\"500\"", with: "value=500")
        do {
            _ = try scan(broken)
            Issue.record("expected an error")
        } catch let error as HealthExportError {
            guard case .malformed = error.kind else {
                Issue.record("\(error)")
                return
            }
            #expect(error.line == 16)
        }
    }

    @Test func unreadableStepValue_isMalformed() throws {
        let broken = messyExport.replacingOccurrences(of: "value=\"42.5\"", with: "value=\"lots\"")
        #expect(throws: HealthExportError.self) { try scan(broken) }
    }

    @Test func otherXML_isNotAnExport() throws {
        let cda = "<?xml version=\"1.0\"?>\n<ClinicalDocument xmlns=\"urn:hl7-org:v3\"><title>CDA</title></ClinicalDocument>\n"
        do {
            _ = try scan(cda)
            Issue.record("expected an error")
        } catch let error as HealthExportError {
            #expect(error.kind == .notAnExport)
        }
    }

    @Test func healthDates_parseWithTheirOffsets() {
        let parsed = HealthDate.parse(ArraySlice("2021-06-30 23:30:00 -0700".utf8))
        #expect(parsed?.seconds == 1_625_121_000)
        #expect(parsed?.offset == -25_200)
        #expect(HealthDate.parse(ArraySlice("2021-02-30 10:00:00 +0000".utf8)) == nil)
        #expect(HealthDate.parse(ArraySlice("2021-01-01T10:00:00Z".utf8)) == nil)
    }
}
