//! Every mistake Tabula can report in a rules file, as one enum.
//!
//! Each variant has a stable code (documented with a failing example in
//! docs/diagnostics.md), a primary label at the mistake, secondary labels where
//! they help, and a help line with the fix. Codes starting with `E` are errors,
//! `W` warnings, and `R` faults found by playing the game (`check --playouts`).

use miette::{Diagnostic as MietteDiagnostic, SourceSpan};
use thiserror::Error;

mod missing;
mod spelling;

pub use spelling::closest;

/// A problem found in a rules file.
#[derive(Clone, Debug, Error, MietteDiagnostic)]
pub enum Diagnostic {
    /// The text does not follow the grammar.
    #[error("syntax error: expected {expected}, found {found}")]
    #[diagnostic(code(E0001), help("{help}"))]
    Syntax {
        /// What the grammar allowed here, in words.
        expected: String,
        /// What was written instead.
        found: String,
        /// Where.
        #[label("expected {expected} here")]
        span: SourceSpan,
        /// The form of the item being read, or where to find it.
        help: String,
    },

    /// A reserved word where a name goes.
    #[error("syntax error: `{word}` is a reserved word and {what}")]
    #[diagnostic(code(E0001), help("{help}"))]
    ReservedWord {
        /// The word as written.
        word: String,
        /// "cannot name an option", "cannot be used as a name".
        what: String,
        /// Where.
        #[label("a reserved word")]
        span: SourceSpan,
        /// Pick another name.
        help: String,
    },

    /// A name that is not defined.
    #[error("unknown name `{name}`")]
    #[diagnostic(code(E0002))]
    UnknownName {
        /// The name as written.
        name: String,
        /// Where.
        #[label("not defined")]
        span: SourceSpan,
        /// A close name, or the list of what is known.
        #[help]
        help: Option<String>,
    },

    /// Two options, definitions, seats or phases with one name.
    #[error("`{name}` is defined twice")]
    #[diagnostic(code(E0003), help("rename or remove one of them"))]
    Duplicate {
        /// The name.
        name: String,
        /// The second definition.
        #[label("defined again here")]
        span: SourceSpan,
        /// The first definition.
        #[label("first defined here")]
        first: SourceSpan,
    },

    /// Two parameters of one definition with one name.
    #[error("`{name}` is defined twice")]
    #[diagnostic(
        code(E0003),
        help("the parameters of `{definition}` need different names; rename one of them")
    )]
    DuplicateParameter {
        /// The parameter's name.
        name: String,
        /// The definition.
        definition: String,
        /// The second parameter.
        #[label("defined again here")]
        span: SourceSpan,
        /// The first parameter.
        #[label("first defined here")]
        first: SourceSpan,
    },

    /// An item that may appear only once, written twice.
    #[error("there are two `{item}` items")]
    #[diagnostic(
        code(E0003),
        help("a game has only one `{item}` item; remove one of them")
    )]
    DuplicateItem {
        /// The item's keyword.
        item: String,
        /// The second item.
        #[label("written again here")]
        span: SourceSpan,
        /// The first item.
        #[label("first written here")]
        first: SourceSpan,
    },

    /// A phase with two forced moves: only one is ever used.
    #[error("phase `{phase}` has two forced moves")]
    #[diagnostic(
        code(E0003),
        help(
            "a phase has one `otherwise`, played when no other move is legal; remove one of them"
        )
    )]
    DuplicateForced {
        /// The phase.
        phase: String,
        /// The second forced move.
        #[label("written again here")]
        span: SourceSpan,
        /// The first forced move.
        #[label("first written here")]
        first: SourceSpan,
    },

    /// A value of the wrong type.
    #[error("type mismatch: expected {expected}, found {found}")]
    #[diagnostic(code(E0004))]
    TypeMismatch {
        /// The type the context needs.
        expected: String,
        /// The type written.
        found: String,
        /// Where.
        #[label("this is {found}")]
        span: SourceSpan,
        /// How to fix it.
        #[help]
        help: Option<String>,
    },

    /// A call with the wrong number of arguments.
    #[error("`{name}` takes {expected}, but was given {found}")]
    #[diagnostic(code(E0005))]
    Arity {
        /// The function called.
        name: String,
        /// The arguments it takes, in words.
        expected: String,
        /// How many were given (a number, or "none").
        found: String,
        /// Where.
        #[label("wrong number of arguments")]
        span: SourceSpan,
        /// The signature.
        #[help]
        help: String,
    },

    /// A line or run longer than any line on the board.
    #[error("a line of {length} does not fit on this board: its longest line has {longest} cells")]
    #[diagnostic(
        code(E0006),
        help("use a length of at most {longest}, or a larger board")
    )]
    LineTooLong {
        /// The length asked for.
        length: i64,
        /// The longest line the board has.
        longest: i64,
        /// Where the length is written.
        #[label("length {length}")]
        span: SourceSpan,
        /// The board declaration.
        #[label("the board is declared here")]
        board: SourceSpan,
    },

    /// No `end` rule: the game could never finish.
    #[error("the game has no end condition")]
    #[diagnostic(
        code(E0007),
        help("add an end rule, for example `end when line(3, mover): mover wins`")
    )]
    NoEnd {
        /// The start of the file.
        #[label("this game never ends")]
        span: SourceSpan,
    },

    /// A required item is missing.
    #[error("the game has no `{item}` item")]
    #[diagnostic(code(E0008))]
    Missing {
        /// The missing item's keyword.
        item: String,
        /// The start of the file.
        #[label("`{item}` is needed")]
        span: SourceSpan,
        /// An example of the item.
        #[help]
        help: String,
    },

    /// An option whose default lies outside its range, or a value out of range.
    #[error("option `{name}` = {value} is outside its range {min}..{max}")]
    #[diagnostic(code(E0009), help("choose a value from {min} to {max}"))]
    OptionRange {
        /// The option.
        name: String,
        /// The offending value.
        value: i64,
        /// The smallest allowed.
        min: i64,
        /// The largest allowed.
        max: i64,
        /// Where the value is written.
        #[label("out of range")]
        span: SourceSpan,
    },

    /// A definition that uses itself.
    #[error("`{name}` is defined in terms of itself")]
    #[diagnostic(
        code(E0010),
        help("definitions are expanded where they are used, so they cannot be recursive")
    )]
    Recursive {
        /// The definition.
        name: String,
        /// The use that closes the cycle.
        #[label("used here inside its own definition")]
        span: SourceSpan,
    },

    /// A cell built-in without a cell, outside a move's `where`.
    #[error("`{name}` needs a cell here")]
    #[diagnostic(code(E0011), help("{help}"))]
    NoChosenCell {
        /// The built-in.
        name: String,
        /// How to name a cell instead (which depends on the built-in).
        help: String,
        /// Where.
        #[label("no chosen cell here")]
        span: SourceSpan,
    },

    /// A definition that uses the chosen cell, used where there is none.
    #[error("`{name}` uses the chosen cell, but there is no chosen cell here")]
    #[diagnostic(
        code(E0011),
        help("the chosen cell exists only in a move's `where`; use `{name}` there, or give it a parameter of type cell and pass a cell, such as `last`")
    )]
    DefinitionNeedsCell {
        /// The definition.
        name: String,
        /// Where it is used.
        #[label("no chosen cell here")]
        span: SourceSpan,
        /// Where its body uses the chosen cell.
        #[label("`{name}` uses the chosen cell here")]
        uses: SourceSpan,
    },

    /// A move's `from`, `to` or `piece` read where there is no move.
    #[error("`{name}` is {meaning}, but there is no move here")]
    #[diagnostic(code(E0011), help("{help}"))]
    NoMove {
        /// The built-in.
        name: String,
        /// What it is inside a move.
        meaning: String,
        /// Where it has a value, and what to read instead.
        help: String,
        /// Where.
        #[label("no move here")]
        span: SourceSpan,
    },

    /// A definition that reads a move's `from`, `to` or `piece`, used where there is no move.
    #[error("`{name}` uses `{builtin}`, but there is no move here")]
    #[diagnostic(
        code(E0011),
        help("`{builtin}` has a value only inside a move (a phase's move rules, `blocked where`, `after move`); use `{name}` there, or give it a parameter and pass the value")
    )]
    DefinitionNeedsMove {
        /// The definition.
        name: String,
        /// `from`, `to` or `piece`.
        builtin: String,
        /// Where it is used.
        #[label("no move here")]
        span: SourceSpan,
        /// Where its body reads the move.
        #[label("`{name}` uses `{builtin}` here")]
        uses: SourceSpan,
    },

    /// A value that must be known before play is not a constant.
    #[error("this must be a constant: a number, an option, or arithmetic on them")]
    #[diagnostic(code(E0012), help("{why}"))]
    NotConstant {
        /// Why it must be constant.
        why: String,
        /// Where.
        #[label("depends on the game state")]
        span: SourceSpan,
    },

    /// A number outside what the item allows (board size, seat count, ...).
    #[error("{what} must be from {min} to {max}, but it is {value}")]
    #[diagnostic(code(E0013), help("change it to a value from {min} to {max}"))]
    OutOfBounds {
        /// What the number is.
        what: String,
        /// Its value (as written, when it is too large for 64 bits).
        value: String,
        /// The smallest allowed.
        min: i64,
        /// The largest allowed.
        max: i64,
        /// Where.
        #[label("{value} is not allowed here")]
        span: SourceSpan,
    },

    /// A number literal too large for 64 bits.
    #[error("this number is too large: a number must be at most {max}")]
    #[diagnostic(
        code(E0013),
        help("numbers in rules are 64-bit; write a smaller number")
    )]
    NumberTooLarge {
        /// The largest number allowed.
        max: i64,
        /// Where.
        #[label("too large")]
        span: SourceSpan,
    },

    /// An effect that assigns to something that is not a counter.
    #[error("cannot assign to this")]
    #[diagnostic(code(E0014), help("an effect assigns to a counter: `supply(SEAT)`"))]
    NotAssignable {
        /// Where.
        #[label("not a counter")]
        span: SourceSpan,
    },

    /// A definition, option or seat named like a built-in.
    #[error("`{name}` is the name of a built-in")]
    #[diagnostic(
        code(E0017),
        help("choose another name: `{name}` already means {meaning}")
    )]
    ShadowsBuiltin {
        /// The name.
        name: String,
        /// What the built-in means.
        meaning: String,
        /// Where it is defined.
        #[label("this would hide the built-in `{name}`")]
        span: SourceSpan,
    },

    /// A constant that has no value (a division by zero, an overflow).
    #[error("this constant has no value: it divides by zero or overflows")]
    #[diagnostic(code(E0018))]
    NoValue {
        /// Where the computation fails, and why.
        #[label("{reason}")]
        span: SourceSpan,
        /// Why, in words ("this divides by zero").
        reason: String,
        /// How to fix it.
        #[help]
        help: String,
    },

    /// An option whose range is empty: its bounds are reversed.
    #[error("option `{name}` has an empty range {min}..{max}: {min} is more than {max}")]
    #[diagnostic(code(E0019), help("write the smaller bound first: `in {max}..{min}`"))]
    EmptyRange {
        /// The option.
        name: String,
        /// The first bound, as written.
        min: i64,
        /// The second bound, as written.
        max: i64,
        /// The range.
        #[label("no value is in this range")]
        span: SourceSpan,
    },

    /// Something that needs cells holding stacks, on a board without.
    #[error("{what} needs a board whose cells hold stacks")]
    #[diagnostic(
        code(E0020),
        help("declare the board with stacks: `board square 4 x 4 with stacks`")
    )]
    NeedsStacks {
        /// What needs them.
        what: String,
        /// Where.
        #[label("needs stacks")]
        span: SourceSpan,
        /// The board item.
        #[label("this board holds one piece a cell")]
        board: SourceSpan,
    },

    /// Something that needs an item the rules do not have.
    #[error("{what} needs a `{item}` item")]
    #[diagnostic(
        code(E0021),
        help("declare it, for example `{example}` (see docs/language.md)")
    )]
    NeedsItem {
        /// How the item is written, for the help line.
        example: String,
        /// What needs it.
        what: String,
        /// The item's keyword.
        item: String,
        /// Where.
        #[label("needs a `{item}`")]
        span: SourceSpan,
    },

    /// A construct the engine cannot run (yet).
    #[error("{what} is not supported")]
    #[diagnostic(code(E0022), help("{help}"))]
    Unsupported {
        /// What.
        what: String,
        /// Where.
        #[label("not supported")]
        span: SourceSpan,
        /// What to do instead.
        help: String,
    },

    /// A construct the language does not have, written as if it did.
    #[error("`{word}` is not part of the rules language")]
    #[diagnostic(code(E0026), help("{nearest}"))]
    NotInLanguage {
        /// The word as written.
        word: String,
        /// Where.
        #[label("not a construct of the language")]
        span: SourceSpan,
        /// The nearest construct the language has, with an example.
        nearest: String,
    },

    /// A step of a move's chain where it cannot go.
    #[error("{what}")]
    #[diagnostic(code(E0023), help("{help}"))]
    BadChain {
        /// What is wrong, in words.
        what: String,
        /// The step.
        #[label("here")]
        span: SourceSpan,
        /// The forms a chain may take.
        help: String,
    },

    /// Brackets or operators nested deeper than the tools follow.
    #[error("too deeply nested: {what}")]
    #[diagnostic(code(E0025), help("{help}"))]
    TooDeep {
        /// What is too deep, in words.
        what: String,
        /// Where.
        #[label("too deep here")]
        span: SourceSpan,
        /// How to write it flatter.
        help: String,
    },

    /// A per-seat option used without a seat, or a seat given to another option.
    #[error("option `{name}` has one value per seat: write `{name}(SEAT)`")]
    #[diagnostic(
        code(E0024),
        help("for example `{name}(mover)`; on the command line `--set {name}.SEAT=VALUE`")
    )]
    SeatOption {
        /// The option.
        name: String,
        /// Where.
        #[label("which seat's value?")]
        span: SourceSpan,
    },

    /// A definition or option that nothing uses.
    #[error("{what} `{name}` is never used")]
    #[diagnostic(code(W0001), severity(Warning), help("remove it, or use it in a rule"))]
    Unused {
        /// "option" or "definition".
        what: String,
        /// Its name.
        name: String,
        /// Where it is defined.
        #[label("defined here")]
        span: SourceSpan,
    },

    /// A phase that can never be reached.
    #[error("phase `{name}` is never reached")]
    #[diagnostic(
        code(W0002),
        severity(Warning),
        help("an earlier phase has no `for N turns`, so it lasts to the end of the game")
    )]
    UnreachablePhase {
        /// The unreachable phase.
        name: String,
        /// Where.
        #[label("never reached")]
        span: SourceSpan,
        /// The phase that lasts forever.
        #[label("this phase lasts to the end")]
        earlier: SourceSpan,
    },

    /// `highest score wins` in a game that has no `score` item.
    #[error("there is no `score` item, so every seat scores 0 and this is always a draw")]
    #[diagnostic(
        code(W0003),
        severity(Warning),
        help("say how a seat scores with a `score` item, for example `score(p) = runs(3, p)`")
    )]
    NoScore {
        /// The result.
        #[label("always a draw")]
        span: SourceSpan,
    },

    /// An `otherwise` in a phase whose `pass` is always a move.
    #[error("phase `{phase}`'s `otherwise` never applies: its `pass` is always a legal move")]
    #[diagnostic(
        code(W0004),
        severity(Warning),
        help("a mover who may pass always has a move; remove the `otherwise`, or the `pass` to let the mover pass only when stuck (`otherwise pass`)")
    )]
    OtherwiseWithPass {
        /// The phase.
        phase: String,
        /// The `otherwise`.
        #[label("never applies")]
        span: SourceSpan,
        /// The `pass`.
        #[label("the mover may always pass")]
        pass: SourceSpan,
    },

    /// A position in which the mover has no legal move and no rule says what then.
    #[error("no legal move for {seat} at turn {turn} (seed {seed})")]
    #[diagnostic(
        code(R0001),
        help("make sure a move is always possible in this phase, or end the game when none is")
    )]
    NoLegalMove {
        /// The seat to move.
        seat: String,
        /// The turn number.
        turn: u32,
        /// The seed of the game that found it.
        seed: u64,
        /// The phase.
        #[label("no move of this phase is legal")]
        span: SourceSpan,
    },

    /// A game that did not end within the bound.
    #[error("a game did not end within {bound} turns (seed {seed})")]
    #[diagnostic(code(R0002), help("check that the end conditions can become true"))]
    Endless {
        /// The turn bound.
        bound: u32,
        /// The seed of the game that found it.
        seed: u64,
        /// The first end rule.
        #[label("never true in that game")]
        span: SourceSpan,
    },

    /// An expression that failed while the game was played.
    #[error("division by zero at turn {turn} (seed {seed})")]
    #[diagnostic(
        code(R0003),
        help("guard the division with `and`, which stops at the first false part: `n != 0 and total / n > 2`")
    )]
    DivisionByZero {
        /// The turn number.
        turn: u32,
        /// The seed of the game that found it.
        seed: u64,
        /// The division.
        #[label("divided by zero here")]
        span: SourceSpan,
    },

    /// An arithmetic result beyond the 64-bit integers.
    #[error("arithmetic overflow at turn {turn} (seed {seed})")]
    #[diagnostic(
        code(R0004),
        help(
            "the result counts as 0; keep the numbers small: a score of a few thousand is plenty"
        )
    )]
    Overflow {
        /// The turn number.
        turn: u32,
        /// The seed of the game that found it.
        seed: u64,
        /// The operation.
        #[label("beyond the integers here")]
        span: SourceSpan,
    },

    /// A position with more moves than the engine lists.
    #[error("more than {max} moves at turn {turn} (seed {seed})")]
    #[diagnostic(
        code(R0005),
        help("only the first were kept; narrow the rule (a `where` condition, a smaller stack, fewer steps)")
    )]
    TooManyMoves {
        /// The engine's limit.
        max: usize,
        /// The turn number.
        turn: u32,
        /// The seed of the game that found it.
        seed: u64,
        /// The phase whose moves overflowed.
        #[label("this phase's moves")]
        span: SourceSpan,
    },

    /// A position whose moves took longer to list than the engine allows.
    #[error("the moves at turn {turn} took more than {secs} s to list (seed {seed})")]
    #[diagnostic(
        code(R0006),
        help("only the moves found by then were kept; narrow the rule (a `where` condition, fewer steps, fewer seats)")
    )]
    SlowListing {
        /// The engine's limit, in seconds.
        secs: u64,
        /// The turn number.
        turn: u32,
        /// The seed of the game that found it.
        seed: u64,
        /// The phase whose moves were cut.
        #[label("this phase's moves")]
        span: SourceSpan,
    },
}

impl Diagnostic {
    /// `what` needs the item `item` (a keyword, or `board track`).
    pub fn needs_item(what: &str, item: &str, span: crate::syntax::Span) -> Diagnostic {
        let example = match item {
            "board track" => "board track 14 per seat, homes of 4, end zones of 4",
            "deal" => "deal 4 to each",
            "board pits" => "board pits 6 per seat, stores",
            "dice" => "dice 1 x 1..6",
            _ => "deck 4 x 1..12",
        };
        Diagnostic::NeedsItem {
            example: example.into(),
            what: what.into(),
            item: item.into(),
            span: span.into(),
        }
    }
}

impl Diagnostic {
    /// Whether this diagnostic is an error (as opposed to a warning).
    pub fn is_error(&self) -> bool {
        !matches!(
            self,
            Diagnostic::Unused { .. }
                | Diagnostic::UnreachablePhase { .. }
                | Diagnostic::NoScore { .. }
                | Diagnostic::OtherwiseWithPass { .. }
        )
    }
}
