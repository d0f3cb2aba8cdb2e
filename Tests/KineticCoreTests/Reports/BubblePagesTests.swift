import KineticCore
import Testing

@Suite struct BubblePagesTests {
    @Test func aLevelThatFits_isOnePage() {
        let pages = BubblePages(total: 8, requested: 1)
        #expect(pages.count == 1 && pages.items == 0..<8 && !pages.hasPrevious && !pages.hasNext)
    }

    @Test func twoHundredItems_areTwentyFivePagesOfEight_inOrder() {
        #expect(BubblePages(total: 200, requested: 1).count == 25)
        #expect(BubblePages(total: 200, requested: 2).items == 8..<16)
        let last = BubblePages(total: 201, requested: 26)
        #expect(last.items == 200..<201 && last.hasPrevious && !last.hasNext)
    }

    @Test func aPageOutOfRange_isHeldToThePagesThereAre() {
        #expect(BubblePages(total: 20, requested: 0).page == 1)
        #expect(BubblePages(total: 20, requested: 99).page == 3)
        #expect(BubblePages(total: 20, requested: -5).items == 0..<8)
    }

    @Test func anEmptyLevel_hasOneEmptyPage() {
        let pages = BubblePages(total: 0, requested: 3)
        #expect(pages.page == 1 && pages.count == 1 && pages.items.isEmpty)
    }
}
