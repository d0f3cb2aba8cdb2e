import Testing

@testable import KineticCore

@Suite struct BirthdayTests {
    @Test(arguments: [
        ("1996-04-15", "1996-04-15"), ("19960415", "1996-04-15"), ("--0415", "--04-15"), ("--04-15", "--04-15"),
        ("1996-04-15T00:00:00Z", "1996-04-15"), (" 1996-04-15 ", "1996-04-15"), ("1604-04-15", "--04-15"), ("0000-04-15", "--04-15"),
        ("--0229", "--02-29"), ("2000-02-29", "2000-02-29"),
        // Outlook in English (month first, or day first when the first cannot be a month) and in German.
        ("11/30/1990", "1990-11-30"), ("30/11/1990", "1990-11-30"), ("4/5/1996", "1996-04-05"), ("30.11.1990", "1990-11-30"),
        ("1.4.96", "1996-04-01"), ("1.4.05", "2005-04-01"), ("30.11.", "--11-30"), ("11/30", "--11-30"), ("29.02.2000", "2000-02-29"),
    ])
    func theFormsPhonesWrite_areRead(text: String, expected: String) {
        #expect(Birthday(parsing: text)?.description == expected)
    }

    @Test(arguments: [
        "", "1996-4-15", "1996-04-31", "1999-02-29", "--1315", "--0431", "1996-04", "199604150", "1849-01-01", "--04-1",
        "abcd-ef-gh", "1996−04−15", "１９９６-04-15", "13/13/1990", "30.11.190", "1/2/3/4", "30..1990", "0/0/00", "0.0.0000",
    ])
    func anythingElse_isNotABirthday(text: String) {
        #expect(Birthday(parsing: text) == nil)
    }

    @Test func aDayThatYearDoesNotHave_isSaidSo_andOutlooksEmptyDate_isNone() {
        #expect(Birthday.read("1990-02-29") == .noSuchDay(year: 1990))
        #expect(Birthday.read("29.2.2001") == .noSuchDay(year: 2001))
        #expect(Birthday.read("31.4.2001") == .unreadable, "no year has it")
        #expect(Birthday.read("1990-02-30") == .unreadable, "no year has it")
        #expect(Birthday.read("0/0/00") == Birthday.Reading.none && Birthday.read("0.0.0000") == Birthday.Reading.none)
        #expect(Birthday.read("  ") == Birthday.Reading.none)
    }

    @Test func applesOmittedYear_meansNoYear_whateverYearItNames() {
        #expect(Birthday(parsing: "1900-04-15", omittedYear: 1900)?.year == nil)
        #expect(Birthday(parsing: "1900-04-15", omittedYear: 1604)?.year == 1900)
    }

    @Test func the29thOfFebruary_isKeptOnThe28thInOtherYears() throws {
        let leapling = try #require(Birthday(month: 2, day: 29, year: 1996))
        #expect(leapling.day(in: 2024).description == "2024-02-29")
        #expect(leapling.day(in: 2027).description == "2027-02-28")
        #expect(leapling.day(in: 2100).description == "2100-02-28", "2100 is not a leap year")
        #expect(leapling.next(onOrAfter: LocalDate("2027-03-01")!).description == "2028-02-29")
    }

    @Test func theNextBirthday_isTodayOrTheNextOne_andTheAgeIsReachedThatYear() throws {
        let birthday = try #require(Birthday(parsing: "1996-04-15"))
        #expect(birthday.next(onOrAfter: LocalDate("2027-04-15")!).description == "2027-04-15")
        #expect(birthday.next(onOrAfter: LocalDate("2027-04-16")!).description == "2028-04-15")
        #expect(birthday.age(in: 2027) == 31)
        #expect(Birthday(parsing: "--04-15")?.age(in: 2027) == nil)
    }
}
