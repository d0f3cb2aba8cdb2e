import Foundation

/// What an exercise really needs to be done: every group must be met by one of its items.
///
/// The catalogue names one piece of equipment per exercise, often not the one that matters
/// ("Chain Press" is "other" and needs chains, cable handles and a bench; "Crunch - Legs On
/// Exercise Ball" is "body only"). This rule reads the apparatus from the exercise's name and
/// instructions, so an exercise is never offered to someone who did not say they have it.
///
/// **What is read.** The name and every instruction, less what does not describe this exercise:
/// a closing "Variations: …", "You can also …" or "Alternatively …"; a condition ("if you are
/// resting your feet on a bench, …"); an option ("this can be done inside a power rack"); an
/// example ("a sturdy object like a squat rack"); a comparison ("as for a dumbbell press").
///
/// **What the words mean** (``vocabulary``; where two overlap, the one that starts first wins,
/// then the longer):
///
/// | words | need |
/// |---|---|
/// | pull-up, chin-up, muscle-up, hanging from a bar, a pull-up bar | pull-up bar |
/// | a box, a plyo box | box |
/// | a bench (flat, incline, decline, preacher…) | bench |
/// | an exercise, stability, Swiss or balance ball, a BOSU | exercise ball |
/// | a medicine ball, a slam ball | medicine ball |
/// | a band (not the IT band), tubing | bands |
/// | a cable, a pulley, a rope attachment, a cable crossover, a lat pulldown | cable |
/// | a rope, a row handle, stirrups | cable (its attachments) or other |
/// | uprights | squat rack or cable (a cable station's) |
/// | a bar in a rack | barbell, and squat rack |
/// | a rack (not the kettlebell's rack position, nor racking the bar on the shoulders), squat stands, pins, safeties, J-hooks, to rack or unrack | squat rack |
/// | a machine, a Smith machine, a leg press, a treadmill, a stationary bike, an elliptical, a rower, a stair climber, a hack squat machine, a glute-ham raise, a Roman or captain's chair | machine |
/// | a kettlebell | kettlebells |
/// | a dumbbell | dumbbell |
/// | an EZ or curl bar | e-z curl bar |
/// | a barbell, an Olympic bar | barbell |
/// | a foam roller | foam roll |
/// | a weight plate | barbell (its plates) or other |
/// | holding a weight | dumbbell, kettlebells, medicine ball, barbell or other |
/// | a military press bench | bench, and squat rack (its uprights) |
/// | a bike | machine (a stationary one) or other |
/// | chains, a sled or prowler, a tyre, a landmine, a sandbag, a yoke, a keg, a log, stones, a trap bar, a cambered bar, suspended straps or rings, dip bars, a battle, climbing or jump rope, a partner, someone to place or hold the weight, an ab wheel, hurdles, cones, a ladder, a sledgehammer, clubs, a weight belt or harness, an axle, a heavy bag, a car, a wrist roller, roller skates | other |
/// | the floor, the ground, a mat, something that will not move, a belt, one's hands, the body's weight, a wall, a chair, a step or stairs, a door, a towel, a platform, a table, a stick, a couch, a bed, a corner | nothing: at hand |
///
/// **Alternatives.** Words joined by "or" ("a box or bench", "a dumbbell or kettlebell", "on the
/// floor, or resting on a bench", "a belt, band, or rope") make one group, met by any of them;
/// a group with something at hand needs nothing. Alternatives that another need narrows down are that need ("a rack or
/// the bench", then "lie on the bench": a bench).
///
/// **The catalogue's equipment** is needed too, unless it is "body only", or it is "other" and
/// the text names what the exercise uses (equipment, or only things at hand: "lean on a wall").
public enum EquipmentNeeds {
    /// The groups an exercise with this name, catalogue equipment and instructions needs, each
    /// met by any one of its items.
    public static func of(name: String, equipment: Exercise.Equipment, instructions: [String]) -> [Set<Exercise.Equipment>] {
        var fromText: [Set<Exercise.Equipment>] = []
        var fromName: [Set<Exercise.Equipment>] = []
        var namesSomething = false
        for (index, text) in ([name] + instructions).enumerated() {
            let passage = index == 0 ? name.lowercased() : describingThisExercise(text)
            for group in groups(in: passage) {
                namesSomething = true
                guard !group.isEmpty else { continue }
                if index == 0 { fromName.append(group) } else { fromText.append(group) }
            }
        }
        var distinct: [Set<Exercise.Equipment>] = []
        let catalogues: [Set<Exercise.Equipment>] =
            switch equipment {
            case .bodyweight: []
            case .other where namesSomething: []
            default: [[equipment]]
            }
        for group in catalogues + fromText + fromName where !distinct.contains(group) { distinct.append(group) }
        // Alternatives that another need narrows down are that need ("a rack or the bench",
        // then "lie on the bench": a bench).
        return distinct.filter { group in !distinct.contains { $0.isStrictSubset(of: group) } }
    }

    /// Whether `have` (plus bodyweight, always) meets every group of `needs`.
    public static func met(_ needs: [Set<Exercise.Equipment>], by have: Set<Exercise.Equipment>) -> Bool {
        needs.allSatisfy { !$0.isDisjoint(with: have) }
    }

    /// A word or phrase of the vocabulary and what it needs: groups of equipment, or none (at hand).
    struct Term: @unchecked Sendable {
        let pattern: NSRegularExpression
        let needs: [Set<Exercise.Equipment>]

        init(_ pattern: String, _ needs: [Set<Exercise.Equipment>]) {
            self.pattern = Self.compile(pattern)
            self.needs = needs
        }

        static func compile(_ pattern: String) -> NSRegularExpression {
            // The patterns are this file's own: a failure is a programming error.
            try! NSRegularExpression(pattern: pattern)
        }
    }

    /// The vocabulary the table above describes.
    static let vocabulary: [Term] = [
        Term(
            #"\bpull-? ?ups?\b|\bchin-? ?ups?\b|\bchinning\b|\bhang(s|ing)? (from|on|onto) (a|the)\b[^.]{0,20}\bbar\b|\b(pull-?up|chin-?up|overhead) bar\b|\bmuscle-? ?ups?\b"#,
            [[.pullUpBar]]),
        Term(#"\bplyo(metric)? box(es)?\b|\bbox(es)?\b"#, [[.box]]),
        Term(#"\b((flat|decline|incline|preacher|utility|adjustable|weight) )?bench(es)?\b(?! press position)"#, [[.bench]]),
        Term(#"\b(exercise|stability|swiss|physio|fitness|balance|gym) balls?\b|\bbosu\b"#, [[.exerciseBall]]),
        Term(#"\bmedicine balls?\b|\bmed balls?\b|\bslam balls?\b"#, [[.medicineBall]]),
        Term(#"(?<!\bit )\b(resistance |mini[- ])?bands?\b|\btubing\b"#, [[.bands]]),
        Term(#"\bchains?\b"#, [[.other]]),
        Term(
            #"\bcables?( machine| station| stack)?\b|\bpulley( machine)?s?\b|\brope attachment\b|\bcable station\b|\bcable crossover\b|\blat pull-?down\b"#,
            [[.cable]]),
        Term(#"\bbar (in|on) a (power |squat )?rack\b"#, [[.barbell], [.rack]]),
        Term(
            #"\b(power|squat|bench) racks?\b|(?<!front )\brack\b(?! position| the \w+ (across|on your|onto your))|\b(un|re)rack(ed|ing|s)?\b|\bsquat stands?\b|\bpins\b|\bsafet(y|ies)( bars| pins| arms)?\b(?=[^.]*\b(rack|set|bar)\b)|\bj-?hooks\b"#,
            [[.rack]]),
        Term(
            #"\bmachines?\b|\bsmith( machine)?\b|\bleg press\b|\btreadmill\b|\b(stationary|recumbent|exercise) (bike|bicycle|cycle)\b|\belliptical\b|\browing machine\b|\browers?\b|\bstair ?(climber|master|mill)\b|\bstepmill\b|\bhack squat machine\b|\bglute[- ]ham (raise|developer|bench)\b|\bghr\b|\bhyperextension bench\b|\broman chair\b|\bcaptain'?s chair\b|\bseat(ed)? (is )?(adjusted|height)\b"#,
            [[.machine]]),
        Term(#"\bropes?\b|\b(row|d|double d) handle\b|\bstirrups?\b"#, [[.cable, .other]]),
        Term(#"\buprights\b"#, [[.rack, .cable]]),
        Term(#"\b(hold|holding|grab) (a|the) weight\b"#, [[.dumbbell, .kettlebells, .medicineBall, .barbell, .other]]),
        Term(#"\bmilitary press bench\b"#, [[.bench], [.rack]]),
        Term(#"\b(bike|bicycle)\b"#, [[.machine, .other]]),
        Term(#"\bkettle ?bells?\b"#, [[.kettlebells]]),
        Term(#"\bdumb?bells?\b"#, [[.dumbbell]]),
        Term(#"\be-?z[- ]?(curl )?bar\b|\bcurl bar\b"#, [[.ezCurlBar]]),
        Term(#"\bbarbells?\b|\bolympic bar\b"#, [[.barbell]]),
        Term(#"\bfoam roll(er|s)?\b|(?<!ab )\broller\b(?! skat)"#, [[.foamRoll]]),
        Term(#"\b(weight )?plates?\b"#, [[.barbell, .other]]),
        Term(
            #"\bsleds?\b|\bprowler\b|\btires?\b|\btyres?\b|\blandmine\b|\bsandbags?\b|\byoke\b|\bkegs?\b|\blogs?\b|\b(atlas )?stones?\b|\b(trap|hex) bar\b|\bsuspen(ded|sion)\b|\bpartner\b|\bhave someone (place|hold|put|hand)\b|\bcar\b|\bwrist roller\b|\b(battling|battle|climbing|jump|jumping|skipping|thick) ropes?\b|\brope (climb|jump|skip)\w*|\bstraps\b(?=[^.]*\b(hang|suspend|anchor|attach))|\baxle\b|\bheavy bag\b|\brickshaw\b|\btrx\b|\brings\b|\bdip(ping)? (bars?|station)\b|\bparallel bars\b|\bab (roller|wheel)\b|\bwheel\b|\bimplements?\b|\bhurdles?\b|\bcones?\b|\b(agility )?ladder\b|\bsledgehammer\b|\bclub(bell)?s?\b|\b(on|above|between|grip) the bars\b|\b(weight(ed)?|dip|dipping|lifting) belt\b|\bharness\b|\bcambered\b|\broller skat\w*"#,
            [[.other]]),
        Term(
            #"\bair bike\b|\byour hands?\b|\bbelt\b|\bbody ?weight\b|\bsomething (that will not move|heavy|sturdy|stable)\b|\bfloor\b|\bground\b|\bmat\b|\bwalls?\b|\bchairs?\b|\bsteps?\b|\bstairs?\b|\bdoor(way|frame)?\b|\btowel\b|\bplatform\b|\btable\b|\bstick\b|\bbroom(stick)?\b|\bcouch\b|\bbed\b|\bcorner\b"#,
            []),
    ]

    private enum Join { case or, comma, none }

    /// Between two terms, what makes them alternatives: "or" and a few small words.
    private static let alternativeGap = Term.compile(
        #"^\s*((bars?|handles?|attachments?)\s*)?[\s,]*(or|/)\s+((a|an|the|some|your|on|onto|in|with|use|using|by|having)\s+)*([a-z-]+\s+){0,3}$"#
    )
    /// Asides that name equipment this exercise does not need: conditions and comparisons.
    private static let aside = Term.compile(
        #"\bif (you|using)\b[^,.]*[,.]|\bthis can (also )?be done\b[^.]*|\b(something|object|post|support|anchor)[a-z ]{0,12}? (like|such as) [^.,]*|\b(same [a-z ]*as|as (for|in|with|when)|like|similar to) (a|an|the) [a-z -]{0,30}?(press|curl|squat|row|raise|fly|flye|extension|exercise|movement)\b"#
    )
    /// Where an instruction goes on to other versions of the exercise.
    private static let otherVersions = Term.compile(#"\b(variations?:|you can also|alternatively|you could also|another variation)"#)

    /// An instruction, lower-cased, without what describes other versions or equipment not needed.
    static func describingThisExercise(_ instruction: String) -> String {
        var text = instruction.lowercased() as NSString
        let cut = otherVersions.rangeOfFirstMatch(in: text as String, range: NSRange(location: 0, length: text.length))
        if cut.location != NSNotFound { text = text.substring(to: cut.location) as NSString }
        return aside.stringByReplacingMatches(in: text as String, range: NSRange(location: 0, length: text.length), withTemplate: " ")
    }

    /// The groups `text` (lower-cased) names, in order: alternatives joined into one group
    /// (empty when one of them is at hand); a term's second group (a bar in a rack) on its own.
    static func groups(in text: String) -> [Set<Exercise.Equipment>] {
        let whole = NSRange(location: 0, length: (text as NSString).length)
        var found: [(range: NSRange, needs: [Set<Exercise.Equipment>])] = []
        for term in vocabulary {
            for match in term.pattern.matches(in: text, range: whole) { found.append((match.range, term.needs)) }
        }
        found.sort { ($0.range.location, -$0.range.length) < ($1.range.location, -$1.range.length) }
        var kept: [(range: NSRange, needs: [Set<Exercise.Equipment>])] = []
        for term in found where kept.last.map({ term.range.location >= NSMaxRange($0.range) }) ?? true { kept.append(term) }
        // What joins each term to the one before: "or" (alternatives), a comma, or anything else.
        let joins: [Join] = kept.indices.map { index in
            guard index > 0 else { return .none }
            let gapStart = NSMaxRange(kept[index - 1].range)
            let gap = (text as NSString).substring(with: NSRange(location: gapStart, length: kept[index].range.location - gapStart))
            let whole = NSRange(location: 0, length: (gap as NSString).length)
            if alternativeGap.firstMatch(in: gap, range: whole) != nil { return .or }
            return gap.allSatisfy({ $0 == "," || $0 == " " }) && gap.contains(",") ? .comma : .none
        }
        var runs: [[[Set<Exercise.Equipment>]]] = []
        for (index, term) in kept.enumerated() {
            // A comma joins alternatives in a list that ends with "or" ("a belt, band, or rope").
            let listEndsWithOr = joins[index...].first { $0 != .comma } == .or
            if joins[index] == .or || (joins[index] == .comma && listEndsWithOr) {
                runs[runs.count - 1].append(term.needs)
            } else {
                runs.append([term.needs])
            }
        }
        return runs.flatMap { run -> [Set<Exercise.Equipment>] in
            if run.count == 1 { return run[0].isEmpty ? [[]] : run[0] }
            if run.contains(where: \.isEmpty) { return [[]] }
            return [run.reduce(into: Set<Exercise.Equipment>()) { $0.formUnion($1.first ?? []) }]
        }
    }
}
