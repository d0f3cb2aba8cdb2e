import Foundation

/// What an exercise needs to be done: every group must be met by one of its items. The
/// catalogue names one piece of equipment per exercise and calls many "body only" that need a
/// bar to hang from or a bench to lie on; this rule reads the rest from the exercise's name
/// and its set-up (the first instruction), so such an exercise is never offered to someone
/// who did not say they have it.
///
/// | needs | when |
/// |---|---|
/// | the catalogue's equipment | always, unless it is "body only", or "other" and the rule names the apparatus |
/// | pull-up bar | the name says pull-up, pullup or chin-up (not pulldown), or the set-up says to hang from a bar or names a pull-up or chin-up bar |
/// | bench or box | the set-up offers "a box or bench", "a bench or box", or "a bench or sturdy platform" |
/// | bench | the name says bench, or the set-up puts the body on, off, at the end of or facing a bench, unless it offers the floor, the ground or a mat instead |
/// | box | the name says box (a box jump, a box squat) |
/// | barbell | the set-up places a bar in a rack (an inverted row) |
///
/// Walls, chairs, steps, towels and the floor are taken to be at hand.
public enum EquipmentNeeds {
    /// The groups `exercise`'s parts need, each met by any one of its items.
    public static func of(name: String, equipment: Exercise.Equipment, instructions: [String]) -> [Set<Exercise.Equipment>] {
        let name = name.lowercased()
        let setUp = (instructions.first ?? "").lowercased()
        var needs: [Set<Exercise.Equipment>] = []
        if matches(name, #"\b(pull-? ?ups?|chin-? ?ups?)\b"#) || matches(setUp, #"\bhang(ing)? from\b|\b(pull-?up|chin-?up) bar\b"#) {
            needs.append([.pullUpBar])
        }
        if matches(setUp, #"\b(box or (a )?(flat )?bench|bench or (a )?box|bench or (a )?(sturdy )?(elevated )?platform)\b"#) {
            needs.append([.bench, .box])
        } else if matches(name, #"\bbench\b"#)
            || (matches(setUp, #"\b(on|onto|off|of|facing|behind|at the end of)( the| a| an)?( flat| decline| incline)? bench\b"#)
                && !matches(setUp, #"\b(floor|ground|mat)\b[^.]{0,40}\bor\b[^.]{0,20}\bbench\b"#))
        {
            needs.append([.bench])
        }
        if matches(name, #"\bbox\b"#) { needs.append([.box]) }
        if matches(setUp, #"\bbar in a rack\b"#) { needs.append([.barbell]) }
        let named = !needs.isEmpty
        switch equipment {
        case .bodyweight: break
        case .other where named: break
        default: needs.insert([equipment], at: 0)
        }
        return needs
    }

    /// Whether `have` (plus bodyweight, always) meets every group of `needs`.
    public static func met(_ needs: [Set<Exercise.Equipment>], by have: Set<Exercise.Equipment>) -> Bool {
        needs.allSatisfy { !$0.isDisjoint(with: have) }
    }

    private static func matches(_ text: String, _ pattern: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) != nil
    }
}
