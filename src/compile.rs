//! The compiler: a checked program and option values to IR.
//!
//! It fixes the options, builds the board's tables, inlines definitions,
//! resolves `line(n, _)` and `runs(n, _)` to counters the engine keeps
//! incrementally, and splits each move condition into a guard, a candidate
//! set and a per-cell test. It never sees source text.

mod attack_rays;
mod card_loop;
mod cards;
mod direct_reads;
mod early_guards;
mod effect_picks;
mod end_tests;
mod fold;
mod joined_around;
mod keeps;
mod lasting_wins;
mod lower;
mod moves;
mod options;
mod owned_cells;
mod passes;
mod piece_walk;
mod pieces;
mod playout_loop;
mod select;
mod track;
mod track_selects;
mod walk_targets;

pub use crate::ir::plan::{Pass, Passes};
pub use passes::Features;
pub use pieces::MAX_CAPACITY;

use crate::check::board::MAX_PITS;
use crate::check::constant;
use crate::check::program::{BoardSpec, Program, ResultSpec, TargetSpec, Typed};
use crate::check::{MAX_HEX_SIDE, MAX_PHASE_TURNS, MAX_SQUARE_SIDE};
use crate::diagnostic::Diagnostic;
use crate::ir::{
    Effect, EffectOp, End, EndResult, Filter, Geometry, Node, Phase, Rules, SeatRef, Supply, Target,
};
use crate::syntax::ast::AssignOp;
use lower::Lowerer;

/// Why rules could not be compiled with the given options.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum CompileError {
    /// `--set` names an option the rules do not have.
    #[error("unknown option `{name}`")]
    #[diagnostic(code(E0015), help("{help}"))]
    UnknownOption {
        /// The name given.
        name: String,
        /// The options there are.
        help: String,
    },
    /// A value outside the option's range.
    #[error("option `{name}` = {value} is outside its range {min}..{max}")]
    #[diagnostic(code(E0009), help("choose a value from {min} to {max}"))]
    OptionRange {
        /// The option.
        name: String,
        /// The value given.
        value: i64,
        /// The smallest allowed.
        min: i64,
        /// The largest allowed.
        max: i64,
    },
    /// `--set NAME.SEAT=...` for an option that has one value for all seats.
    #[error("option `{name}` is not set per seat")]
    #[diagnostic(code(E0015), help("set it for every seat at once, without `.SEAT`"))]
    NotPerSeat {
        /// The name given.
        name: String,
    },
    /// `--set NAME.SEAT=...` with a seat that does not play.
    #[error("`{name}`: no seat `{seat}` plays")]
    #[diagnostic(code(E0015), help("the seats are: {seats}"))]
    UnknownSeat {
        /// The name given.
        name: String,
        /// The seat given.
        seat: String,
        /// The seats that play.
        seats: String,
    },
    /// With these options a constant is out of bounds (a line longer than the
    /// board, ...). The diagnostic inside says what, with labels in the rules
    /// (the command line shows it in full).
    #[error("with these options the rules do not fit")]
    #[diagnostic(code(E0016))]
    Invalid(#[source] Box<Diagnostic>),
}

/// Compiles a checked program with option values given by name (others
/// default), every specialising pass allowed.
pub fn compile(program: &Program, set: &[(String, i64)]) -> Result<Rules, CompileError> {
    compile_with(program, set, Passes::ALL)
}

/// [`compile`] with only the passes `allowed` (`Passes::NONE`: the general
/// paths only).
pub fn compile_with(
    program: &Program,
    set: &[(String, i64)],
    allowed: Passes,
) -> Result<Rules, CompileError> {
    let (plain, per_seat) = options::split(set);
    let values = options::values(program, &plain)?;
    let constant = |e| value_of(e, &values);
    let seats = cards::seats(program, &values)?;
    let track = track::board(program, &values, &seats)?;
    let geometry = match &program.board {
        BoardSpec::Track { .. } => track.as_ref().map(|t| t.1.clone()).expect("a track board"),
        BoardSpec::Square(w, h) => Geometry::square(
            bounded(constant(w)?, MAX_SQUARE_SIDE, w.span, "the board's width")?,
            bounded(constant(h)?, MAX_SQUARE_SIDE, h.span, "the board's height")?,
        ),
        BoardSpec::Pits(pits, stores) => {
            // One row a seat.
            if seats.len() != 2 {
                return Err(CompileError::Invalid(Box::new(Diagnostic::OutOfBounds {
                    what: "the seats at a board of pits".into(),
                    value: seats.len().to_string(),
                    min: 2,
                    max: 2,
                    span: program.board_span.into(),
                })));
            }
            Geometry::pits(
                bounded(constant(pits)?, MAX_PITS, pits.span, "a row's pits")?,
                *stores,
            )
        }
        BoardSpec::Rhombus(w, h) => Geometry::rhombus(
            bounded(constant(w)?, MAX_SQUARE_SIDE, w.span, "the rhombus's width")?,
            bounded(
                constant(h)?,
                MAX_SQUARE_SIDE,
                h.span,
                "the rhombus's height",
            )?,
        ),
        BoardSpec::Triangle(s) => Geometry::triangle(bounded(
            constant(s)?,
            MAX_SQUARE_SIDE,
            s.span,
            "the triangle's side",
        )?),
        BoardSpec::Hex(s) => Geometry::hex(bounded(
            constant(s)?,
            MAX_HEX_SIDE,
            s.span,
            "the hexagon's side",
        )?),
        BoardSpec::Lines(spec) => Geometry::lines(&spec.points, &spec.lines),
        BoardSpec::Missing => Geometry::square(1, 1),
    };
    let supply = program
        .supply
        .as_ref()
        .map(|s| constant(s).map(|v| v.clamp(0, i32::MAX as i64) as i32))
        .transpose()?;
    let track = track.map(|t| t.0);
    let seat_values = options::seat_values(program, &values, &per_seat, &seats)?;
    // With `owner majority` only the counts matter: no stack is stored, and
    // a cell holds up to the most a height can count.
    let mut capacity = if program.majority {
        u8::MAX as usize
    } else if let Some(t) = &track {
        // Every mover could end on one space (the set-up's are counted below).
        t.seats * t.movers
    } else {
        pieces::capacity(program, supply, &values, geometry.cell_count())?
    };
    let (numbers, field_of) = cards::numbers(program, &geometry)?;
    let hand = cards::hand(program, &values, seats.len())?;
    let mut lower = Lowerer::new(program, &values, &geometry)
        .with_numbers(&numbers, &field_of)
        .with_seats(seats.len())
        .with_seat_values(&seat_values)
        .with_track(track.as_ref());
    let mut setup = pieces::setup(program, &mut lower, &values)?;
    if let Some(sown) = pieces::sown_capacity(program, supply, &setup)? {
        capacity = capacity.max(sown);
    }
    let score = program.score.as_ref().map(|s| lower.node(s)).transpose()?;
    let tiebreaks = program
        .tiebreaks
        .iter()
        .map(|t| lower.node(t))
        .collect::<Result<Vec<_>, _>>()?;
    let mut phases = Vec::new();
    for p in &program.phases {
        let turns = p
            .turns
            .as_ref()
            .map(|t| {
                bounded(
                    constant(t)?,
                    MAX_PHASE_TURNS,
                    t.span,
                    "a phase's number of turns",
                )
                .map(|n| n as u32)
            })
            .transpose()?;
        let board = moves::Board {
            geometry: &geometry,
            stacks: program.stacks,
            capacity,
            seats: seats.len(),
        };
        let rules = p
            .rules
            .iter()
            .filter(|r| r.otherwise.is_none())
            .map(|r| moves::move_rule(&mut lower, r, &board))
            .collect::<Result<Vec<_>, _>>()?;
        phases.push(Phase {
            name: p.name.clone(),
            turns,
            rules,
            otherwise: cards::otherwise(&mut lower, p)?,
            stuck: stuck_end(&mut lower, p)?,
            span: p.span,
        });
    }
    let mut effects = Vec::new();
    for e in &program.effects {
        let op = match e.op {
            AssignOp::Set => EffectOp::Set,
            AssignOp::Add => EffectOp::Add,
            AssignOp::Sub => EffectOp::Sub,
        };
        let target = match &e.target {
            TargetSpec::Supply(seat) => Target::Supply(SeatRef::from_node(lower.node(seat)?)),
            TargetSpec::Counter(i) => Target::Counter(*i as u8),
            TargetSpec::Again(keeps) => Target::Again(*keeps),
        };
        effects.push(Effect {
            target,
            op,
            value: lower.node(&e.value)?,
        });
    }
    let mut ends = Vec::new();
    for e in &program.ends {
        let result = match &e.result {
            ResultSpec::Draw => EndResult::Draw,
            ResultSpec::HighestScore => EndResult::HighestScore,
            ResultSpec::Winner(s) => EndResult::Winner(lower.node(s)?),
        };
        ends.push(End {
            condition: lower.node(&e.condition)?,
            result,
            span: e.span,
        });
    }
    if let Some(t) = &track {
        let home = track::movers_at_home(t, &setup);
        setup.extend(home);
        capacity = track::pieces(t, &setup, program.board_span)?;
    }
    if geometry.ring.is_some() {
        // Sowing may bring every seed into one store.
        let seeds: usize = setup.iter().map(|s| s.count as usize * s.cells.len()).sum();
        if seeds > u8::MAX as usize {
            return Err(CompileError::Invalid(Box::new(Diagnostic::OutOfBounds {
                what: "the seeds on a board of pits (a height is a byte)".into(),
                value: seeds.to_string(),
                min: 0,
                max: u8::MAX as i64,
                span: program.board_span.into(),
            })));
        }
        capacity = capacity.max(seeds);
    }
    let blocked = match &program.blocked {
        Some(b) => Some(lower.select(Some(b), crate::ir::Candidates::All)?),
        None => None,
    };
    let after_move = track::after_move(program, &mut lower)?;
    let (team, partner) = track::teams(program, seats.len());
    let deal = track::deal(program, &values)?;
    let filters = program
        .must_block
        .iter()
        .map(|when| {
            Ok(Filter::MustBlock(
                when.as_ref().map(|w| lower.node(w)).transpose()?,
            ))
        })
        .collect::<Result<Vec<_>, CompileError>>()?;
    // A filter whose condition folded to false (an option left off) never
    // applies: without it, the game keeps its fast paths.
    let mut filters: Vec<Filter> = filters
        .into_iter()
        .filter(|f| !matches!(f, Filter::MustBlock(Some(Node::Const(0)))))
        .collect();
    // Captures are kept to first: a must-block filter then chooses among them.
    if let Some(most) = program.must_capture {
        filters.insert(0, Filter::MustCapture(most));
    }
    // What is legal at all comes before any choice among the legal moves.
    for (i, c) in program.must_leave.iter().enumerate() {
        let text = program
            .source
            .get(c.span.start..c.span.end)
            .unwrap_or_default();
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        filters.insert(i, Filter::MustLeave(lower.node(c)?, text));
    }
    let counters = program
        .counters
        .iter()
        .map(|(name, start)| {
            let value = start.as_ref().map_or(Ok(0), |s| value_of(s, &values))?;
            Ok((name.clone(), value))
        })
        .collect::<Result<Vec<_>, CompileError>>()?;
    let turn_limit = program
        .limit
        .as_ref()
        .map(|n| bounded(constant(n)?, MAX_PHASE_TURNS, n.span, "a game's turn limit"))
        .transpose()?
        .unwrap_or(0) as u32;
    let supply = match (&program.supply_per_seat, supply) {
        (Some(body), _) => Supply::PerSeat(lower.node(body)?),
        (None, Some(n)) => Supply::Each(n),
        (None, None) => Supply::Unlimited,
    };
    let (line_lengths, run_lengths) = lower.finish();
    let line_tables: Vec<_> = line_lengths
        .iter()
        .map(|&n| geometry.line_table(n as usize))
        .collect();
    // What a maximal run of each length adds to a counter.
    let run_values = run_lengths
        .iter()
        .map(|&(n, exact)| {
            let n = i32::from(n);
            let value = |l: i32| if exact { i32::from(l == n) } else { l / n };
            (0..=geometry.longest_line as i32).map(value).collect()
        })
        .collect();
    let run_lengths: Vec<_> = run_lengths.iter().map(|&(n, _)| n).collect();
    // The walk's rules belong to the track they are walked on.
    let track = track.map(|mut t| {
        t.set_blocked(blocked);
        t.after_move = after_move;
        t
    });
    let named_options = options::named_values(program, &values, &seat_values, &seats);
    let mut rules = Rules {
        stacks: program.stacks || track.is_some(),
        stack_capacity: capacity,
        track,
        card_kinds: program.card_kinds.clone(),
        team,
        partner,
        deal,
        dice: program.dice.map(|d| crate::ir::Dice {
            count: d.count,
            low: d.low,
            high: d.high,
            decides_first: program.first_by_dice,
        }),
        neutrals: program.neutrals.clone(),
        kinds: program.piece_kinds.clone(),
        counters,
        clocks: program.clocks.clone(),
        setup,
        first_random: program.first_random,
        columns: moves::drops_only(&phases),
        plan: crate::ir::plan::Plan::general(0, 0, Default::default()),
        run_values,
        title: crate::report::printable(&program.title),
        seats,
        numbers,
        field_of,
        majority: program.majority,
        deck: program.deck.iter().map(|&v| v as u8).collect(),
        hand,
        tiebreaks,
        options: named_options,
        supply,
        score,
        phases,
        effects,
        ends,
        filters,
        turn_limit,
        geometry,
        line_tables,
        run_lengths,
    };
    passes::run(&mut rules, allowed);
    Ok(rules)
}

/// The value of a constant with these option values; E0018 inside E0016 if it has none.
/// A phase's end for a stuck mover (`otherwise lose [if COND else ...]`).
fn stuck_end(
    lower: &mut lower::Lowerer,
    p: &crate::check::program::PhaseSpec,
) -> Result<Option<crate::ir::StuckEnd>, CompileError> {
    for r in &p.rules {
        if let Some(crate::check::program::ForcedSpec::Stuck(how, unless)) = &r.otherwise {
            let unless = match unless {
                Some((c, other)) => Some((lower.node(c)?, *other)),
                None => None,
            };
            return Ok(Some(crate::ir::StuckEnd { how: *how, unless }));
        }
    }
    Ok(None)
}

pub(crate) fn value_of(e: &Typed, values: &[i64]) -> Result<i64, CompileError> {
    constant::evaluate(e, values).ok_or_else(|| {
        let d = constant::no_value_diagnostic(e, values).unwrap_or(Diagnostic::NotConstant {
            why: "the rules are compiled before play".into(),
            span: e.span.into(),
        });
        CompileError::Invalid(Box::new(d))
    })
}

pub(crate) fn bounded(
    value: i64,
    max: i64,
    span: crate::syntax::Span,
    what: &str,
) -> Result<usize, CompileError> {
    if value < 1 || value > max {
        return Err(CompileError::Invalid(Box::new(Diagnostic::OutOfBounds {
            what: what.into(),
            value: value.to_string(),
            min: 1,
            max,
            span: span.into(),
        })));
    }
    Ok(value as usize)
}

/// Checks and compiles rules text with option values; the diagnostics if it has errors.
pub fn load(source: &str, set: &[(String, i64)]) -> Result<Rules, LoadError> {
    load_with(source, set, Passes::ALL)
}

/// [`load`] with only the passes `allowed`.
pub fn load_with(source: &str, set: &[(String, i64)], allowed: Passes) -> Result<Rules, LoadError> {
    let checked = crate::check::check(source);
    match checked.program {
        Some(program) => compile_with(&program, set, allowed).map_err(LoadError::Compile),
        None => Err(LoadError::Check(checked.diagnostics)),
    }
}

/// Why rules could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// The checker found errors (warnings included in the list).
    Check(Vec<Diagnostic>),
    /// The options do not fit the rules.
    Compile(CompileError),
}

/// Loads a shipped `rules/<name>.game` with options set, for tests.
#[cfg(test)]
pub(crate) fn shipped(name: &str, options: &[(&str, i64)]) -> Rules {
    let path = format!("{}/rules/{name}.game", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let options: Vec<(String, i64)> = options.iter().map(|&(k, v)| (k.to_string(), v)).collect();
    load(&source, &options).unwrap_or_else(|e| panic!("{path} must compile: {e:?}"))
}
