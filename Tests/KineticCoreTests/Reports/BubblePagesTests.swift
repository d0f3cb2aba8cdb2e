import KineticCore
import Testing

@Suite struct BubblePagesTests {
    @Test func aRing_isOnePage() {
        let pages = BubblePages(total: 8, requested: 1)
        #expect(pages.count == 1 && pages.items == 0..<8 && !pages.hasPrevious && !pages.hasNext)
        #expect(!BubblePages.isCrowded(total: 8) && BubblePages.isCrowded(total: 9))
    }

    @Test func aCrowdedLevelOfSixty_showsEveryItemAtOnce() {
        let pages = BubblePages(total: 60, requested: 1)
        #expect(pages.count == 1 && pages.items == 0..<60)
    }

    @Test func twoHundredItems_areFourPagesOfSixty_inOrder() {
        #expect(BubblePages(total: 200, requested: 1).count == 4)
        #expect(BubblePages(total: 200, requested: 2).items == 60..<120)
        let last = BubblePages(total: 200, requested: 4)
        #expect(last.items == 180..<200 && last.hasPrevious && !last.hasNext)
    }

    @Test func aPageOutOfRange_isHeldToThePagesThereAre() {
        #expect(BubblePages(total: 130, requested: 0).page == 1)
        #expect(BubblePages(total: 130, requested: 99).page == 3)
        #expect(BubblePages(total: 130, requested: -5).items == 0..<60)
    }

    @Test func anEmptyLevel_hasOneEmptyPage() {
        let pages = BubblePages(total: 0, requested: 3)
        #expect(pages.page == 1 && pages.count == 1 && pages.items.isEmpty)
    }
}
