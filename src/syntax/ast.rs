//! The abstract syntax tree of a rules file.

use super::Span;

/// A whole rules file.
#[derive(Clone, Debug, Default)]
pub struct File {
    /// The items in source order.
    pub items: Vec<Item>,
}

/// A name as written, with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    /// The text of the name.
    pub text: String,
    /// Where it is written.
    pub span: Span,
}

/// A top-level item of a rules file.
#[derive(Clone, Debug)]
pub struct Item {
    /// What the item says.
    pub kind: ItemKind,
    /// The whole item.
    pub span: Span,
    /// The span of the item's keyword (used to point at it in messages).
    pub keyword: Span,
}

/// The kinds of top-level items.
#[derive(Clone, Debug)]
pub enum ItemKind {
    /// `game "Title"`.
    Game(String),
    /// `option NAME = DEFAULT in MIN..MAX`.
    Option(OptionDecl),
    /// `players A, B` or `players 3`.
    Players(Players),
    /// `board square W x H`, `board hex SIDE` or `board track ...`, optionally `with stacks`.
    Board(Board, bool),
    /// `first random`: the first seat is drawn by chance.
    FirstRandom,
    /// `first by dice`: each seat throws its die; the highest starts.
    FirstByDice,
    /// `neutral A, B`: kinds of piece that belong to no seat.
    Neutral(Vec<Name>),
    /// `setup: put N KIND where COND; ...`.
    Setup(Vec<Put>),
    /// `supply N`: pieces each seat starts with.
    Supply(Expr),
    /// `define NAME(PARAM: TYPE, ...) = EXPR`.
    Define(Define),
    /// `score(p) = EXPR`.
    Score(Score),
    /// `phase NAME [for N turns] MOVE...`.
    Phase(Phase),
    /// `after turn: EFFECT; ...`.
    After(Vec<Effect>),
    /// `end when COND: RESULT`.
    End(EndRule),
    /// `numbers 1 2 3 ...`: the number of each cell, in reading order (top row first).
    Numbers(Vec<(i64, Span)>),
    /// `owner majority`: a cell belongs to the seat with the most pieces on it.
    OwnerMajority,
    /// `deck 4 x 1..12, 1 x 13..19`: the cards, as counts of values.
    Deck(Vec<DeckPart>),
    /// `hand N`: cards dealt to each seat at the start.
    Hand(Expr),
    /// `tiebreak(p) = EXPR`: compared, in order, between seats tied on score.
    Tiebreak(Score),
    /// `supply(p) = EXPR`: each seat's pieces at the start, computed per seat.
    SupplyPerSeat(Score),
    /// `must block [when COND]`: a filter on the mover's moves.
    MustBlock(Option<Expr>),
    /// `limit N turns`: a game that reaches N turns stops, unfinished.
    Limit(Expr),
    /// `teams A with C, B with D`: seats that win together.
    Teams(Vec<Vec<Name>>),
    /// `deal N to each [, M deals a dealer]`: hands dealt in rounds.
    Deal(Expr, Option<Expr>),
    /// `pass N card to partner`: after each deal, every seat passes cards to
    /// its partner, all at once, face down.
    Exchange(Expr),
    /// `blocked where COND`: a space no mover may pass or land on.
    Blocked(Expr),
    /// `after move: EFFECT [if COND]; ...`: after every mover's movement.
    AfterMove(Vec<MoveEffect>),
    /// `kinds man, king`: the kinds every seat's pieces come in.
    Kinds(Vec<Name>),
    /// `counter NAME [= N]`: a number kept for the game.
    /// With `clock`: not part of the position.
    Counter(Name, Option<Expr>, bool),
    /// `must capture [most]`: when some move captures, only those that do
    /// (with `most`, that capture the most pieces).
    MustCapture(bool),
    /// `must leave COND`: only the moves after which `COND` holds are legal.
    MustLeave(Expr),
    /// `dice N x LOW..HIGH`: dice thrown at the start of every turn.
    Dice(Dice),
}

/// `dice N x LOW..HIGH`: `N` dice, each with the faces `LOW` to `HIGH`.
#[derive(Clone, Copy, Debug)]
pub struct Dice {
    /// How many dice, and where it is written.
    pub count: (i64, Span),
    /// The lowest face.
    pub low: (i64, Span),
    /// The highest face.
    pub high: (i64, Span),
}

/// An effect after a mover's movement.
#[derive(Clone, Debug)]
pub struct MoveEffect {
    /// What it does.
    pub kind: MoveEffectKind,
    /// Only when this holds.
    pub when: Option<Expr>,
    /// The whole effect.
    pub span: Span,
}

/// The kinds of effect after a movement.
#[derive(Clone, Debug)]
pub enum MoveEffectKind {
    /// `capture at CELL`: every mover there of another colour goes home.
    Capture(Expr),
    /// `send home piece`: the mover that moved goes home.
    SendHome,
}

/// A kind of card in a deck: a number (its value) or a name.
#[derive(Clone, Debug)]
pub enum CardKind {
    /// A numbered card.
    Number(i64),
    /// A named card (value 0).
    Named(Name),
}

/// One part of a deck: `count x lo..hi`, `count x value` or `count x (A, B, ...)`.
#[derive(Clone, Debug)]
pub struct DeckPart {
    /// Copies of each kind.
    pub count: i64,
    /// The lowest value (of a range).
    pub lo: i64,
    /// The highest value (of a range).
    pub hi: i64,
    /// The kinds listed in brackets (empty for a range).
    pub kinds: Vec<CardKind>,
    /// Where it is written.
    pub span: Span,
}

/// A game option with its default and allowed range.
#[derive(Clone, Debug)]
pub struct OptionDecl {
    /// The option's name.
    pub name: Name,
    /// The default value.
    pub default: i64,
    /// The span of the default value.
    pub default_span: Span,
    /// The allowed range (inclusive), if given.
    pub range: Option<(i64, i64, Span)>,
    /// `option NAME(p) = ...`: one value per seat, named by the parameter.
    pub per_seat: Option<Name>,
}

/// The seats of the game.
#[derive(Clone, Debug)]
pub enum Players {
    /// `players N of A, B, ...`: the first N of the names.
    Some(Expr, Vec<Name>),
    /// Seats given by name, in seat order.
    Named(Vec<Name>),
    /// A number of seats, named 1, 2, ...
    Count(i64, Span),
}

/// A board shape.
#[derive(Clone, Debug)]
pub enum Board {
    /// A rectangle of square cells: width, height.
    Square(Expr, Expr),
    /// A hexagon of hexagonal cells with the given side.
    Hex(Expr),
    /// A rhombus of hexagonal cells: width, height.
    Rhombus(Expr, Expr),
    /// A triangle of hexagonal cells with the given side.
    Triangle(Expr),
    /// Points joined by lines: each line its points in order, named as
    /// on a square board.
    Lines(Vec<Vec<Name>>),
    /// Two rows of pits, `pits` a seat, with a store at each seat's right or not.
    Pits {
        /// Pits a row.
        pits: Expr,
        /// Whether each seat has a store.
        stores: bool,
    },
    /// A ring track of one segment per seat, with homes and end zones.
    Track(TrackBoard),
}

/// `track N per seat, homes of H, end zones of E [, starts uncounted] [, turning back]
/// [, overtaking in end zones]`.
#[derive(Clone, Debug)]
pub struct TrackBoard {
    /// Numbered spaces per segment, after the seat's start space; with
    /// `facing`, the spaces of the one line.
    pub segment: Expr,
    /// `facing`: one line of spaces between two seats, each walking it
    /// towards the other's side (else a ring of one segment a seat).
    pub facing: bool,
    /// Movers per seat, who begin at home.
    pub home: Expr,
    /// Spaces in each end zone.
    pub end_zone: Expr,
    /// Whether a walk steps over start spaces without counting them.
    pub starts_uncounted: bool,
    /// Whether a walk that would pass the innermost free end space turns
    /// back there (else the move is not allowed).
    pub turning_back: bool,
    /// Whether a walk may pass movers in an end zone (else it stops short
    /// of the first one).
    pub overtaking: bool,
    /// Whether a walk longer than the rest of its path ends on the path's
    /// last space (`overshooting`; else it is not a move).
    pub overshooting: bool,
}

/// `put N KIND where COND`: N pieces of a kind on every cell the condition allows.
#[derive(Clone, Debug)]
pub struct Put {
    /// How many pieces on each cell.
    pub count: Expr,
    /// The kind: a neutral kind or a seat.
    pub kind: Name,
    /// The seat's kind of piece (`kinds`), if given.
    pub piece_kind: Option<Name>,
    /// Which cells (every cell when left out).
    pub condition: Option<Expr>,
}

/// A named definition, with or without parameters.
#[derive(Clone, Debug)]
pub struct Define {
    /// The defined name.
    pub name: Name,
    /// The parameters with their types.
    pub params: Vec<Param>,
    /// The body.
    pub body: Expr,
}

/// A typed parameter.
#[derive(Clone, Debug)]
pub struct Param {
    /// The parameter's name.
    pub name: Name,
    /// Its declared type.
    pub ty: TypeName,
    /// The span of the type.
    pub ty_span: Span,
}

/// The type names a rules file can write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeName {
    /// Whole numbers.
    Int,
    /// Truth values.
    Bool,
    /// A seat (player).
    Seat,
    /// A cell of the board.
    Cell,
    /// A card.
    Card,
    /// A kind of piece (`kinds`).
    Kind,
}

/// The score of each seat.
#[derive(Clone, Debug)]
pub struct Score {
    /// The seat parameter.
    pub param: Name,
    /// The score of that seat.
    pub body: Expr,
}

/// A phase of the game and the moves allowed in it.
#[derive(Clone, Debug)]
pub struct Phase {
    /// The phase's name.
    pub name: Name,
    /// How many turns it lasts; the last phase may last to the end.
    pub turns: Option<Expr>,
    /// The kinds of move allowed.
    pub moves: Vec<MoveRule>,
}

/// A move rule of a phase.
#[derive(Clone, Debug)]
pub struct MoveRule {
    /// What the move does.
    pub kind: MoveKind,
    /// The whole rule.
    pub span: Span,
}

/// The kinds of move rule.
#[derive(Clone, Debug)]
pub enum MoveKind {
    /// A chain of steps joined by `then`.
    Chain(Vec<Step>),
    /// `otherwise discard hand [then draw N]`: when no other move of the phase is legal.
    Otherwise {
        /// The cards drawn, if any.
        draw: Option<Expr>,
    },
    /// `otherwise pass`: when no other move of the phase is legal, the
    /// mover passes.
    Pass,
    /// `pass`: the mover may pass on any turn.
    MayPass,
    /// `otherwise lose`, `otherwise draw`, `otherwise highest score wins`:
    /// when no move of the phase is legal, the game ends so.
    Stuck(Stuck, Option<(Expr, Stuck)>),
}

/// How a game ends when the seat to move has no legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stuck {
    /// The seat that moved last wins (`otherwise lose`).
    Lose,
    /// Nobody wins (`otherwise draw`).
    Draw,
    /// The unique highest score wins, else a draw (`otherwise highest score wins`).
    HighestScore,
}

/// `gather NAME back from CELL while COND into CELL [if COND]`.
#[derive(Clone, Debug)]
pub struct GatherBack {
    /// The name of the cell tested.
    pub name: Name,
    /// Where the run starts.
    pub start: Expr,
    /// The condition each cell of the run meets.
    pub condition: Expr,
    /// Where the pieces go.
    pub into: Expr,
    /// Only when this holds.
    pub when: Option<Expr>,
}

/// How a phase's `otherwise` says it: `lose`, `draw`, `highest score wins`.
pub fn stuck_words(stuck: Stuck) -> &'static str {
    match stuck {
        Stuck::Lose => "lose",
        Stuck::Draw => "draw",
        Stuck::HighestScore => "highest score wins",
    }
}

/// The cells `sow around` passes without dropping a seed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Skips {
    /// Every store (`skipping stores`); without it, the other seats' stores.
    pub stores: bool,
    /// The pit sown from (`skipping from`).
    pub from: bool,
}

/// One step of a move's chain.
#[derive(Clone, Debug)]
pub struct Step {
    /// What the step does.
    pub kind: StepKind,
    /// Where it is written.
    pub span: Span,
}

/// The kinds of step: choices (a cell, a piece, a path, cards) and effects.
#[derive(Clone, Debug)]
pub enum StepKind {
    /// `place [on CELL] [where COND]`: put one of the mover's pieces on a
    /// chosen cell (or on the cell given).
    Place {
        /// The cell, when it is computed instead of chosen.
        on: Option<Expr>,
        /// The condition on the cell.
        condition: Option<Expr>,
    },
    /// `step DIRS [where COND]`, `slide DIRS [where COND]` or `jump DIRS
    /// [capturing] [where COND]`: the piece just picked up moves one cell,
    /// along empty cells (capturing another seat's piece where it stops),
    /// or over the piece next to it.
    Walk {
        /// How far the piece goes.
        reach: Reach,
        /// The directions.
        directions: Vec<Expr>,
        /// The condition on the cell reached.
        condition: Option<Expr>,
        /// Whether the walk goes on from where it stops (`repeat`).
        repeat: Repeat,
    },
    /// `place NEUTRAL [where COND]`: put a neutral piece on a chosen cell.
    PlaceNeutral(Name, Option<Expr>),
    /// `promote to KIND, ... [if COND]`: the piece just moved becomes that
    /// kind (the mover's choice of several).
    Promote(Vec<Name>, Option<Expr>),
    /// `sow around [where COND] [skipping ...]`: take every seed of a
    /// chosen pit and sow them one a cell along the ring, passing other
    /// seats' stores (or the cells skipped).
    SowAround(Option<Expr>, Skips),
    /// `gather NAME back from CELL while COND into CELL [if COND]`: the
    /// pieces of the run of cells back along the ring from a cell, while
    /// each (`NAME`) meets the condition, go onto one cell.
    GatherBack(Box<GatherBack>),
    /// `gather CELL, ... into CELL [if COND]`: every piece on the cells
    /// goes onto the last cell.
    Gather {
        /// The cells emptied.
        cells: Vec<Expr>,
        /// Where their pieces go.
        into: Expr,
        /// Only when this holds.
        when: Option<Expr>,
    },
    /// `again [if COND]`: the mover moves again.
    Again(Option<Expr>),
    /// `capture at CELL`: the pieces on the cell are captured.
    CaptureAt(Expr),
    /// `move CELL to CELL`: the top piece of one cell goes onto the other.
    Relocate(Expr, Expr),
    /// `drop [where COND]`: put one of the mover's pieces into a column; it
    /// falls to the column's lowest empty cell.
    Drop(Option<Expr>),
    /// `flip enclosed` or `capture enclosed [exactly N]`: what happens to the
    /// pieces the piece just put down encloses.
    Enclosed {
        /// Whether they are captured (else flipped).
        capture: bool,
        /// Only rows of exactly this many pieces, if given.
        exactly: Option<Expr>,
    },
    /// `capture surrounded`: the groups of other seats' pieces next to the
    /// piece just put down that have no liberty are captured.
    CaptureSurrounded,
    /// `pick [where COND]`: lift one of the mover's pieces back into his supply.
    Pick(Option<Expr>),
    /// `remove [where COND] [if COND]`: take a piece off the board for good
    /// (only when the `if` holds).
    Remove(Option<Expr>, Option<Expr>),
    /// `sow [without reversal]`: pick up the stack just placed on and sow it.
    Sow {
        /// Whether a step straight back is forbidden.
        no_reversal: bool,
    },
    /// `play MIN..MAX cards`: a set of cards from the hand.
    PlayCards {
        /// The fewest cards.
        min: i64,
        /// The most cards.
        max: i64,
    },
    /// `draw N [if COND]`: the mover draws cards.
    Draw {
        /// How many.
        count: Expr,
        /// Only when this holds.
        when: Option<Expr>,
    },
    /// `keep largest group [if COND]`: only the largest group of pieces stays.
    KeepLargestGroup(Option<Expr>),
    /// `rotate block N`: a chosen N x N block of the board turns a quarter
    /// turn, clockwise or counterclockwise.
    Rotate(Expr),
    /// `play card [where COND]`: one card from the hand, discarded.
    PlayCard(Option<Expr>),
    /// `enter [where COND]`: a mover from its home onto its start space.
    Enter(Option<Expr>),
    /// `move by N [where COND]`: one mover N spaces (back if N is negative).
    MoveBy(Expr, Option<Expr>),
    /// `move by dice [where COND]`: one walk a die of the throw, each by
    /// its die (`this_die`), as many dice as can be used.
    MoveByDice(Option<Expr>),
    /// `split N [where COND]`: N spaces forward divided among movers.
    Split(Expr, Option<Expr>),
    /// `switch [where COND]`: two movers exchange places.
    Switch(Option<Expr>),
}

/// An assignment made after every turn, or `again [if COND]`.
#[derive(Clone, Debug)]
pub struct Effect {
    /// The counter assigned to (a call such as `supply(mover)`); none for
    /// `again`, whose condition is the value (`true` when left out).
    pub target: Option<Expr>,
    /// How it is assigned.
    pub op: AssignOp,
    /// The value.
    pub value: Expr,
    /// `again keeping the throw`: the dice are not thrown again.
    pub keeps_throw: bool,
    /// The whole effect.
    pub span: Span,
}

/// Assignment operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssignOp {
    /// `=`
    Set,
    /// `+=`
    Add,
    /// `-=`
    Sub,
}

/// An end condition and the result it gives.
#[derive(Clone, Debug)]
pub struct EndRule {
    /// When the game ends.
    pub condition: Expr,
    /// Who wins then.
    pub result: EndResult,
    /// The span of the result.
    pub result_span: Span,
}

/// The result of a game that ends.
#[derive(Clone, Debug)]
pub enum EndResult {
    /// Nobody wins.
    Draw,
    /// The seat with the highest score wins; equal highest is a draw.
    HighestScore,
    /// The given seat wins.
    Winner(Expr),
}

/// An expression with its span.
#[derive(Clone, Debug)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it is written.
    pub span: Span,
    /// How deep the tree it heads is (1 for a leaf): at most
    /// [`crate::syntax::MAX_DEPTH`], so that every stage after parsing may
    /// walk it recursively.
    pub depth: u32,
}

impl ExprKind {
    /// The expressions directly inside this one.
    pub fn children(&self) -> impl Iterator<Item = &Expr> {
        let (list, boxed): (&[Expr], [Option<&Expr>; 3]) = match self {
            ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Name(_) => (&[], [None; 3]),
            ExprKind::Call(_, args) => (args, [None; 3]),
            ExprKind::Aggregate(_, _, body, condition) => {
                (&[], [Some(body), condition.as_deref(), None])
            }
            ExprKind::If(a, b, c) => (&[], [Some(a), Some(b), Some(c)]),
            ExprKind::Unary(_, a) => (&[], [Some(a), None, None]),
            ExprKind::Binary(_, a, b) => (&[], [Some(a), Some(b), None]),
        };
        list.iter().chain(boxed.into_iter().flatten())
    }
}

/// The kinds of expression.
#[derive(Clone, Debug)]
pub enum ExprKind {
    /// A whole number.
    Int(i64),
    /// `true` or `false`.
    Bool(bool),
    /// A name: an option, seat, definition or built-in value.
    Name(Name),
    /// A call of a built-in or a definition.
    Call(Name, Vec<Expr>),
    /// `sum(EXPR for c where COND)`, `max(...)`, `any(...)` or `all(...)`:
    /// over every cell `c` (meeting the condition); `max` of no cell is 0.
    Aggregate(Aggregate, Name, Box<Expr>, Option<Box<Expr>>),
    /// `A if C else B`.
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// A prefix operator.
    Unary(UnaryOp, Box<Expr>),
    /// An infix operator.
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
}

/// How an aggregate combines its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aggregate {
    /// Their sum.
    Sum,
    /// The largest (0 when there is none).
    Max,
    /// Whether the condition holds for some cell.
    Any,
    /// Whether the condition holds for every cell.
    All,
}

/// Prefix operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `not`
    Not,
    /// `-`
    Neg,
}

/// Infix operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    /// `or`
    Or,
    /// `and`
    And,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Rem,
}

impl BinaryOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Or => "or",
            BinaryOp::And => "and",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Rem => "%",
        }
    }
}

/// Whether a walk goes on from where it stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repeat {
    /// Once.
    Once,
    /// Again from where it stopped, as long as it can (`repeat`).
    WhileItCan,
    /// Again as long as it can, the mover choosing where to stop
    /// (`repeat at will`).
    AtWill,
}

/// How far a walking piece goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// One cell (`step`), capturing another seat's piece there.
    Step,
    /// Along empty cells to any of them or to the first piece (`slide`),
    /// capturing it if it is another seat's.
    Slide,
    /// Over the piece on the next cell to the empty cell beyond (`jump`);
    /// the piece jumped over is taken when `capturing`.
    Jump {
        /// Whether the piece jumped over is captured.
        capturing: bool,
    },
    /// To a cell M columns and N rows away, or N and M, whatever lies
    /// between (`leap M, N`; a knight is `leap 1, 2`), capturing another
    /// seat's piece there.
    Leap,
}
