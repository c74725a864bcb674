//! The plan: which specialised paths the compiler chose for a game.
//!
//! Every fast path the engine may take instead of the general one (listing
//! every move, playing turn by turn) is chosen once, by a named pass of the
//! compiler (`compile/passes.rs`), and written here. The engine reads the
//! plan; it never recognises a shape of rule during play to decide. With
//! every pass off the plan is [`Plan::general`], and the engine runs the
//! general paths only: the differential test compares the two.

use super::end_test::EndTest;
use super::loop_ends::{LeafEnd, Probe, WordEnd};
use super::{CellId, Geometry, GuardLayout};

/// The passes that may specialise a game, in the order they run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Pass {
    /// The cells each piece code tops kept as bitboards in the state.
    Bitboards,
    /// The sides each seat's groups join kept in the state (`connects`).
    SideLinks,
    /// A rule of one `place` listed straight from its candidates.
    PlaceForm,
    /// A rule `place then sow` listed path by path from each stack.
    SowForm,
    /// A rule `play cards then place on` listed by the hand's card sets.
    CardForm,
    /// Track rules listed card by card, merged.
    TrackForm,
    /// A chain `pick, [keep largest group,] place` listed on bitboards.
    Relocation,
    /// A walk's guard that reads what stays the same all turn tested
    /// with its pick's, before any piece is picked.
    EarlyGuards,
    /// A chain `pick, step|jump` listed where the pieces stand.
    PieceWalk,
    /// A step's or leap's condition on the cell it reaches read off a
    /// table of the codes allowed there, per direction and mover.
    WalkTargets,
    /// Which sets of a cell's neighbours are joined, tabulated per cell.
    JoinedAround,
    /// Aggregates over a seat's cells read off its bitboard.
    OwnedCells,
    /// Every stack's sowing moves kept as counts in the state.
    SowCounts,
    /// A score that is a run total read off its counter.
    ScoreRuns,
    /// End conditions of common shapes read without the evaluator.
    EndTests,
    /// A win read off the line table of the rules' win (`must block`,
    /// the AI's playouts).
    WinLine,
    /// `must block` plays each move on one copy, a piece taken back.
    TakeBack,
    /// `must block` finds the threat's wins once per pick of the mover's
    /// relocations, for every cell the piece may go to.
    LastingWins,
    /// A random move drawn without listing every move.
    RandomDraw,
    /// A random playout run in a loop of its own.
    PlayoutLoop,
    /// Built-ins of the context's names read in one step, and their tests.
    DirectReads,
    /// An effect's value of one value or another as a condition holds
    /// read inline, the condition's leading tests in one loop.
    EffectPicks,
    /// Facts of track steps' selections of movers, worked out once.
    TrackSelects,
    /// `attacked(c)` looks back from `c` along a walk's directions for
    /// the pieces that could reach it, and follows only their walks.
    AttackRays,
}

impl Pass {
    /// Every pass, in the order they run.
    pub const ALL: [Pass; 24] = [
        Pass::Bitboards,
        Pass::SideLinks,
        Pass::PlaceForm,
        Pass::SowForm,
        Pass::CardForm,
        Pass::TrackForm,
        Pass::Relocation,
        Pass::EarlyGuards,
        Pass::PieceWalk,
        Pass::WalkTargets,
        Pass::JoinedAround,
        Pass::OwnedCells,
        Pass::SowCounts,
        Pass::ScoreRuns,
        Pass::EndTests,
        Pass::WinLine,
        Pass::TakeBack,
        Pass::LastingWins,
        Pass::RandomDraw,
        Pass::PlayoutLoop,
        Pass::DirectReads,
        Pass::EffectPicks,
        Pass::TrackSelects,
        Pass::AttackRays,
    ];

    /// The pass's name, as `--passes` and `--ir` write it.
    pub fn name(self) -> &'static str {
        match self {
            Pass::Bitboards => "bitboards",
            Pass::SideLinks => "side-links",
            Pass::PlaceForm => "place-form",
            Pass::SowForm => "sow-form",
            Pass::CardForm => "card-form",
            Pass::TrackForm => "track-form",
            Pass::Relocation => "relocation",
            Pass::EarlyGuards => "early-guards",
            Pass::PieceWalk => "piece-walk",
            Pass::WalkTargets => "walk-targets",
            Pass::JoinedAround => "joined-around",
            Pass::OwnedCells => "owned-cells",
            Pass::SowCounts => "sow-counts",
            Pass::ScoreRuns => "score-runs",
            Pass::EndTests => "end-tests",
            Pass::WinLine => "win-line",
            Pass::TakeBack => "take-back",
            Pass::LastingWins => "lasting-wins",
            Pass::RandomDraw => "random-draw",
            Pass::PlayoutLoop => "playout-loop",
            Pass::DirectReads => "direct-reads",
            Pass::EffectPicks => "effect-picks",
            Pass::TrackSelects => "track-selects",
            Pass::AttackRays => "attack-rays",
        }
    }

    /// The pass named `name`, if any.
    pub fn named(name: &str) -> Option<Pass> {
        Pass::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// A set of passes: the ones allowed to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Passes(u32);

impl Passes {
    /// Every pass.
    pub const ALL: Passes = Passes(u32::MAX);
    /// None: the general paths only.
    pub const NONE: Passes = Passes(0);

    /// Whether `pass` is in the set.
    pub fn has(self, pass: Pass) -> bool {
        self.0 & (1 << pass as u32) != 0
    }

    /// The set with `pass` taken out.
    pub fn without(self, pass: Pass) -> Passes {
        Passes(self.0 & !(1 << pass as u32))
    }

    /// The set with `pass` put in.
    pub fn with(self, pass: Pass) -> Passes {
        Passes(self.0 | 1 << pass as u32)
    }

    /// Reads `all`, `none` or a comma-separated list of pass names, each
    /// maybe prefixed by `-` to take it out of every pass.
    pub fn parse(text: &str) -> Result<Passes, String> {
        match text.trim() {
            "all" => return Ok(Passes::ALL),
            "none" => return Ok(Passes::NONE),
            _ => {}
        }
        let words: Vec<&str> = text.split(',').map(str::trim).collect();
        let subtract = words.iter().all(|w| w.starts_with('-'));
        let mut set = if subtract { Passes::ALL } else { Passes::NONE };
        for word in words {
            let name = word.trim_start_matches('-');
            let Some(pass) = Pass::named(name) else {
                let names: Vec<&str> = Pass::ALL.iter().map(|p| p.name()).collect();
                return Err(format!(
                    "no pass `{name}`: the passes are {} (or `all`, `none`)",
                    names.join(", ")
                ));
            };
            set = if subtract {
                set.without(pass)
            } else {
                set.with(pass)
            };
        }
        Ok(set)
    }
}

/// How a random move is drawn in a phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draw {
    /// From the whole list of legal moves.
    Listed,
    /// One empty cell (the phase's one rule is `place where empty`).
    EmptyCell,
    /// One cell from the candidates of the phase's one rule, a `place`
    /// maybe followed by effects (flips, captures).
    Placement,
    /// A stack and a path counted without listing (`place ... then sow`).
    Sow,
    /// A card set tried in random order (a card rule).
    Cards,
    /// A random piece and direction (a piece walk).
    PieceWalk,
    /// The moves before the filters, each tried in random order until one
    /// passes them (the filters are all `must leave`): the first that
    /// passes in a random order is uniform over those that pass.
    Tested,
}

/// The most end rules a loop on words reads (the placement loop reads
/// more through the evaluator).
pub const LOOP_ENDS: usize = 4;
/// The most kinds of piece (codes, empty included) the sowing loop keeps
/// a word of.
pub const SOW_LOOP_CODES: usize = 16;

/// How a random playout runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Playout {
    /// Turn by turn: a random move, played.
    Turns,
    /// The last phase is one placement a turn: earlier phases turn by turn,
    /// then a loop of placements.
    Placement {
        /// How the loop runs on words held in registers, when it does (a
        /// board of at most 64 cells, no scores, effects or runs, ends of a
        /// mover's line or a full board).
        words: Option<WordLoop>,
        /// The end rules as the loop reads them on the state, when there
        /// are at most [`LOOP_ENDS`].
        probes: Option<[Probe; LOOP_ENDS]>,
    },
    /// The phase of one sowing rule, to the end, on words: the phase and
    /// the end rules as the loop reads them.
    Sow(u8, [LeafEnd; LOOP_ENDS]),
    /// The phase of one card rule, to the end, in a loop of its own.
    Cards(u8),
    /// The phase of one placement that flips the rows it encloses, with a
    /// forced pass, to the end, on words: the phase and the end rules as
    /// the loop reads them.
    Flips(u8, [LeafEnd; LOOP_ENDS]),
}

/// The placement loop on words (`playout-loop`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WordLoop {
    /// The end rules as the loop reads them.
    pub ends: [WordEnd; LOOP_ENDS],
    /// With two seats and one line table, the loop for them: the mover's
    /// and the other seat's words are two locals swapped each turn, and
    /// the lines are looked for as `DuelLines` says. `None`: any seats
    /// and tables, each seat's word and each table's flags in arrays.
    pub duel: Option<DuelLines>,
}

/// How the two-seat word loop looks for the mover's lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DuelLines {
    /// By the line table's own test (its axis shifts and their masks, or
    /// the masks of the lines through the cell played).
    Table,
    /// By shifts alone on the seats' words in the guard-column layout
    /// (rows a bit wider than the board): the loop maps each cell played
    /// to its bit, and the seats' words in and out once, at its ends.
    Guard(Box<GuardLayout>),
}

impl WordLoop {
    /// The loop as `--ir` prints it, reading the first `ends` end rules.
    fn describe(&self, ends: usize) -> String {
        let duel = match &self.duel {
            None => String::new(),
            Some(DuelLines::Table) => " for two seats, lines by the table,".into(),
            Some(DuelLines::Guard(g)) => format!(
                " for two seats, lines by shifts on guard columns (rows of {} + 1),",
                g.width
            ),
        };
        format!("on words{duel} reading {}", first(&self.ends, ends))
    }
}

impl Playout {
    /// The loop, and how it reads the first `ends` end rules, as `--ir`
    /// prints it (`placement loop on words reading [MoverLine(0), Full]`).
    pub fn describe(&self, ends: usize) -> String {
        match self {
            Playout::Turns => "turn by turn".into(),
            Playout::Placement { words, probes } => {
                let words = words
                    .as_ref()
                    .map_or(String::new(), |w| format!(" {};", w.describe(ends)));
                let probes = probes
                    .as_ref()
                    .map_or("each by the engine".into(), |p| first(p, ends));
                format!("placement loop{words} on the state reading {probes}")
            }
            Playout::Sow(phase, sow) => {
                format!(
                    "sowing loop in phase {} reading {}",
                    phase + 1,
                    first(sow, ends)
                )
            }
            Playout::Cards(phase) => format!("card loop in phase {}", phase + 1),
            Playout::Flips(phase, flips) => {
                format!(
                    "flipping loop in phase {} reading {}",
                    phase + 1,
                    first(flips, ends)
                )
            }
        }
    }
}

/// The first `n` readers of a loop's, as `--ir` prints them.
fn first<T: std::fmt::Debug>(all: &[T], n: usize) -> String {
    format!("{:?}", &all[..n.min(all.len())])
}

/// What the state keeps beside the position: tables brought up to date as
/// pieces move, so that the rules' reads are quick, and the scores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Keeps {
    /// Per piece code, the cells it tops as a bitboard (`bitboards`, on a
    /// board of at most 128 cells where something reads them).
    pub tops: bool,
    /// Per kind of piece, the cells its pieces top as a bitboard (with
    /// `tops`, where the rules have kinds and no majorities): a pick of one
    /// kind, and an aggregate over a kind's cells, read them.
    pub kind_tops: bool,
    /// The empty cells as a list (each with its place in it), for a random
    /// draw and a listing in one step. Not kept with `tops` on a board of
    /// at most 64 cells and no majorities or sowing (`bitboards`): the empty
    /// cells are then code 0's word, listed lowest first.
    pub empty_list: bool,
    /// The board in the geometry's slot grid, where runs are walked: when
    /// the rules count runs, or check lines that the tops' bitboards do
    /// not hold (a line is then a run walked from the placed cell).
    pub slots: bool,
    /// A union-find of each seat's groups and the sides they join
    /// (`side-links`: a rule reads `connects`, which then reads it);
    /// without it `connects` walks the seat's groups on the board.
    pub links: bool,
    /// The scores worked out after every turn (a rule reads a score during
    /// play), not only when the game ends. Not a pass: a state's scores
    /// mid-game are part of its position exactly when a rule reads them.
    pub scores: bool,
    /// How many pieces each move captures, when a rule reads `captures`.
    /// Not a pass, like the scores.
    pub captures: bool,
    /// The positions seen so far, when a rule reads `repeated`. Not a
    /// pass, like the scores.
    pub repeated: bool,
    /// The boards seen so far, when a rule reads `repeated_board` or
    /// `restores`. Not a pass, like the scores.
    pub boards: bool,
    /// Where the last move picked its piece up and the piece's kind then,
    /// when a rule reads `last_from` or `last_kind`. Not a pass.
    pub moves: bool,
}

/// Per cell, for each set of its neighbours (as bits in `neighbours_of`
/// order), whether that set is non-empty and joined through its own
/// members (`joined-around`): lifting a piece whose occupied neighbours
/// are joined so cannot split a group. Empty when not kept.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct JoinedAround(pub Vec<[u64; 4]>);

impl JoinedAround {
    /// Whether the occupied neighbours of `cell` (a bitboard) are non-empty
    /// and joined through each other; `None` when the table is not kept.
    #[inline(always)]
    pub fn joined(&self, geometry: &Geometry, cell: CellId, occupied: u128) -> Option<bool> {
        let table = self.0.get(cell as usize)?;
        let around = occupied & geometry.neighbour_masks[cell as usize];
        // No neighbour, or one: nothing to join.
        if around & around.wrapping_sub(1) == 0 {
            return Some(around != 0);
        }
        let halves = [around as u64, (around >> 64) as u64];
        let mut pattern = 0;
        for (i, &n) in geometry.neighbours_of(cell).iter().enumerate() {
            pattern |= ((halves[n as usize >> 6] >> (n & 63)) as usize & 1) << i;
        }
        Some(table[pattern / 64] >> (pattern % 64) & 1 != 0)
    }
}

/// How a phase's listed moves are merged, from its rules' final forms:
/// two rules' moves may be one move, listed once (the first rule's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Merges {
    /// How many of its rules are track rules: two or more are listed
    /// together, card by card.
    pub track_rules: usize,
    /// How many of its rules are card rules: the same cards naming the same
    /// cell under two are one move.
    pub card_rules: usize,
    /// Its rules (a mask by rule index; from 64 on, bit 63) whose moves
    /// may be written like another rule's: merged by their text after
    /// listing.
    pub alike: u64,
}

/// What the passes chose.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// What the state keeps beside the position.
    pub keeps: Keeps,
    /// Which sets of each cell's neighbours are joined (`joined-around`).
    pub joined_around: JoinedAround,
    /// Per phase: how a random move is drawn.
    pub draws: Vec<Draw>,
    /// Per phase: how its listed moves are merged (not a pass: from the
    /// rules' forms once the passes ran).
    pub merges: Vec<Merges>,
    /// Per end rule: how its condition is read.
    pub ends: Vec<EndTest>,
    /// When the game has one sowing rule and it sows any occupied (or any)
    /// stack (`sow-counts`), the moves from a stack of height h on cell c
    /// at `[h * cells + c]`: the engine then keeps every stack's count, and
    /// their total, up to date as heights change, so a random sowing move
    /// needs no pass over the board.
    pub sow_counts: Option<Vec<u64>>,
    /// When the score is exactly a run total (`score-runs`), its counter's
    /// index: the engine reads it directly.
    pub score_runs: Option<u8>,
    /// How a random playout runs.
    pub playout: Playout,
    /// The passes that fired, in order, each with what it chose.
    pub fired: Vec<(Pass, String)>,
    /// The line table whose line wins (`win-line`), for `must block` and
    /// the AI's decisive playouts.
    pub win_line: Option<u8>,
    /// Some effect after the turn is a pick (`effect-picks`): `play` runs
    /// the effects out of line, each pick read inline there, so that the
    /// games without one keep `play` as it was.
    pub effect_picks: bool,
    /// Whether `must block` plays the moves it tests on one copy, turning
    /// a placement back by taking its piece off and playing the steps
    /// before a chain's last place once for the moves that share them
    /// (`take-back`); else each move is played on a fresh copy.
    pub take_back: bool,
    /// Per phase: the relocation rule whose wins `must block` finds once
    /// for all the moves of a pick of the mover's (`lasting-wins`).
    pub lasting_wins: Vec<Option<u8>>,
    /// Whether some phase ends the game for a mover with no move
    /// (`otherwise lose`, ...; not a pass): only then does a turn look for it.
    pub stuck_ends: bool,
    /// How the card loop reads its rule and the end rules (`playout-loop`).
    pub card_readers: Option<super::card_loop::CardReaders>,
    /// The cells on each side of the board as a bitboard (`bitboards`,
    /// when a rule asks whether a seat has a piece on a side).
    pub side_masks: Option<[u128; 4]>,
    /// Per phase, per rule: whether `attacked` finds the pieces that could
    /// walk onto a cell by looking back along the rule's walk from it
    /// (`attack-rays`: a `pick` then a `step`, `slide` or `leap` in fixed
    /// directions, then only promotions and effects).
    pub attack_rays: Vec<Vec<Option<RayStart>>>,
    /// Per phase, per attacking seat: the traced rules' rays merged, so
    /// that `attacked` looks back along each direction once for all the
    /// rules (`attack-rays`).
    pub attack_looks: Vec<Vec<AttackLook>>,
}

/// The pieces of one seat that could walk onto a cell, by where they
/// stand from it (`attack-rays`, the traced rules merged).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AttackLook {
    /// Per compass direction `d` a piece walks in: the kinds that reach
    /// the cell from the cell next to it back along `d` (a step or a
    /// slide).
    pub near: [KindBits; 8],
    /// Per direction, the kinds that reach it from further back over
    /// empty cells (a slide).
    pub far: [KindBits; 8],
    /// The leaping rules (by index in the phase, for their leap tables)
    /// and the kinds that leap by them.
    pub leaps: Vec<(u8, KindBits)>,
    /// Whether some walking rule is not traced: its walks must be followed.
    pub untraced: bool,
}

/// Kinds of piece as bits (bit `k`: kind `k`; without kinds, bit 0),
/// those whose piece surely reaches the cell and those that might.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KindBits {
    /// The kinds of the rules that test nothing more (`RayStart::sure`).
    pub sure: u64,
    /// The kinds of the other rules: their walks are followed.
    pub maybe: u64,
}

impl KindBits {
    /// Whether no kind is named.
    pub fn is_empty(self) -> bool {
        self.sure | self.maybe == 0
    }

    /// Adds the kinds of a rule's start (all kinds without one).
    pub fn add(&mut self, start: RayStart) {
        let kinds = start.kind.map_or(u64::MAX, |k| 1 << k);
        match start.sure {
            true => self.sure |= kinds,
            false => self.maybe |= kinds,
        }
    }
}

/// Where a traced rule's walk may start (`attack-rays`): a cell of the
/// mover's back along the walk, holding a piece of `kind` when the pick
/// asks for one (`kind(cell) == K`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RayStart {
    /// The kind the pick's test requires, if it requires one.
    pub kind: Option<i64>,
    /// Whether a piece found there surely reaches the cell: the pick and
    /// the walk test nothing more (a step or leap onto any cell but the
    /// mover's own, a slide over empty cells), so no walk is followed.
    pub sure: bool,
}

impl Plan {
    /// The plan of the general paths only, for `phases` phases and `ends`
    /// end rules, the state keeping `keeps`.
    pub fn general(phases: usize, ends: usize, keeps: Keeps) -> Plan {
        Plan {
            keeps,
            joined_around: JoinedAround::default(),
            draws: vec![Draw::Listed; phases],
            merges: vec![Merges::default(); phases],
            ends: vec![EndTest::Evaluated; ends],
            sow_counts: None,
            score_runs: None,
            playout: Playout::Turns,
            fired: Vec::new(),
            win_line: None,
            effect_picks: false,
            take_back: false,
            lasting_wins: vec![None; phases],
            stuck_ends: false,
            card_readers: None,
            side_masks: None,
            attack_rays: Vec::new(),
            attack_looks: Vec::new(),
        }
    }
}
