import KineticCore
import Testing

@Suite struct ModuleImportsTests {
    @Test func staticImports_areFound_commentsAndStringsAreNot() {
        let source = """
            // The page's script. It does not import './commented.js'.
            /* import { x } from './block.js'; */
            import { saveForm, isDirty } from '../shared/forms.js';
            import "./side-effect.js";
            export { relax } from "./relax.js";
            import * as everything from './all.js';
            const text = 'import "./not-an-import.js"';
            const escaped = 'it\\'s from \\'./nothing.js\\'';
            const url = '/api/v1/goals'; // from './after-a-comment.js'
            import {
              a,
              b,
            } from './multiline.js';
            """
        #expect(
            ModuleImports.specifiers(in: source).map(\.text) == [
                "../shared/forms.js", "./side-effect.js", "./relax.js", "./all.js", "./multiline.js",
            ])
    }

    @Test func anImportWhenNeeded_isFound_andToldFromTheOthers() {
        let source = "import { a } from './a.js';\nasync function open() { const { b } = await import ( './b.js' ); }\nimport('x');\n"
        let found = ModuleImports.specifiers(in: source)
        #expect(found.map(\.text) == ["./a.js", "./b.js"])
        #expect(found.map(\.isDynamic) == [false, true])
    }

    @Test func bareAndAbsoluteSpecifiers_areLeftAlone() {
        #expect(ModuleImports.specifiers(in: "import x from 'lodash'; import y from '/js/y.js';").isEmpty)
    }

    @Test func specifiers_resolveAgainstTheModulesDirectory() {
        #expect(ModuleImports.resolve("../shared/forms.js", from: "js/goals/goals.js") == "js/shared/forms.js")
        #expect(ModuleImports.resolve("./relax.js", from: "js/reports/bubbles.js") == "js/reports/relax.js")
        #expect(ModuleImports.resolve("./a/./b.js", from: "js/x.js") == "js/a/b.js")
        #expect(ModuleImports.resolve("../../../etc/passwd", from: "js/goals/goals.js") == nil)
        #expect(ModuleImports.resolve(".//x.js", from: "js/goals/goals.js") == nil)
    }

    @Test func rewriting_replacesEachSpecifier_andKeepsEverythingElse() throws {
        let source = "import { a } from './a.js';\nimport '../b.js';\nconsole.log('./a.js');\n"
        let rewritten = try ModuleImports.rewrite(source, modulePath: "js/x/main.js") { "/assets/" + $0 }
        #expect(rewritten == "import { a } from '/assets/js/x/a.js';\nimport '/assets/js/b.js';\nconsole.log('./a.js');\n")
        #expect(throws: ModuleImports.UnresolvedImport(module: "js/x/main.js", specifier: "../b.js")) {
            try ModuleImports.rewrite(source, modulePath: "js/x/main.js") { $0 == "js/b.js" ? nil : $0 }
        }
    }
}
