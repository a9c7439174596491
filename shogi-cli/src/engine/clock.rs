//! Time management: how long a `go` may search, from the clock it states and
//! the level's budget.
//!
//! With a clock (`btime`/`wtime`, `byoyomi`, `binc`/`winc`) the mover may
//! spend, before it loses, its remaining main time plus its increment plus
//! the byo-yomi: the *available* time. A move takes a thirtieth of the
//! remaining main time plus the increment plus the byo-yomi, never more
//! than the available time, less [`OVERHEAD`] (or half the available time
//! when that is smaller) for the reply to reach the GUI. `movetime` is
//! taken as given, less the same overhead. The level's budget
//! ([`Strength::budget`]) bounds every search, `infinite` ones included.
//! The result is both the search's own time limit and the moment a
//! watchdog raises the search's stop flag.

use std::time::Duration;

use shogi_ai::level::Strength;
use shogi_ai::search::SearchLimits;
use shogi_rules::Color;
use shogi_rules::usi::GoParams;

/// The time kept back for the reply to reach the GUI.
pub const OVERHEAD: Duration = Duration::from_millis(50);

/// The share of the remaining main time one move takes (1 / 30).
const MOVES_TO_GO: u32 = 30;

/// The limits of one search: what the search is told, and when the
/// watchdog stops it (`None`: only `stop` or the search's own limits end
/// it).
pub fn search_limits(go: &GoParams, turn: Color, strength: Strength) -> SearchLimits {
    let budget = strength.budget().limits;
    let clock = if go.infinite {
        None
    } else {
        clock_time(go, turn)
    };
    let time = match (clock, budget.time) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    SearchLimits {
        depth: min_option(go.depth, budget.depth),
        nodes: min_option(go.nodes, budget.nodes),
        time,
    }
}

/// The time the clock allows for this move, `None` without a clock.
pub fn clock_time(go: &GoParams, turn: Color) -> Option<Duration> {
    let ms = Duration::from_millis;
    if let Some(movetime) = go.movetime {
        return Some(less_overhead(ms(movetime)));
    }
    let (main, inc) = match turn {
        Color::Sente => (go.btime, go.binc),
        Color::Gote => (go.wtime, go.winc),
    };
    if main.is_none() && inc.is_none() && go.byoyomi.is_none() {
        return None;
    }
    let main = ms(main.unwrap_or(0));
    let extra = ms(inc.unwrap_or(0)).saturating_add(ms(go.byoyomi.unwrap_or(0)));
    let available = main.saturating_add(extra);
    let share = (main / MOVES_TO_GO).saturating_add(extra);
    Some(less_overhead(share.min(available)))
}

/// `time` less [`OVERHEAD`], or less half of it when that is smaller.
pub fn less_overhead(time: Duration) -> Duration {
    time.saturating_sub(OVERHEAD.min(time / 2))
}

/// The smaller of two limits, either of which may be absent.
fn min_option<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(line: &str) -> GoParams {
        match line.parse() {
            Ok(shogi_rules::usi::GuiCommand::Go(go)) => go,
            other => panic!("{other:?}"),
        }
    }

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn the_clock_is_never_exceeded() {
        // Byo-yomi alone: all of it but the overhead.
        assert_eq!(
            clock_time(&go("go btime 0 wtime 0 byoyomi 1000"), Color::Sente),
            Some(MS(950))
        );
        // A tiny byo-yomi keeps half of itself back.
        assert_eq!(
            clock_time(&go("go btime 0 wtime 0 byoyomi 40"), Color::Gote),
            Some(MS(20))
        );
        // Main time: a thirtieth, each side its own.
        assert_eq!(
            clock_time(&go("go btime 60000 wtime 3000"), Color::Sente),
            Some(MS(1950))
        );
        assert_eq!(
            clock_time(&go("go btime 60000 wtime 3000"), Color::Gote),
            Some(MS(50))
        );
        // With an increment.
        assert_eq!(
            clock_time(
                &go("go btime 30000 wtime 30000 binc 500 winc 500"),
                Color::Sente
            ),
            Some(MS(1450))
        );
        // No time left at all: nothing to spend.
        assert_eq!(
            clock_time(&go("go btime 0 wtime 0"), Color::Sente),
            Some(MS(0))
        );
        assert_eq!(
            clock_time(&go("go movetime 300"), Color::Sente),
            Some(MS(250))
        );
        assert_eq!(clock_time(&go("go depth 3"), Color::Sente), None);
        assert_eq!(clock_time(&go("go infinite"), Color::Sente), None);
    }

    #[test]
    fn the_budget_bounds_every_search() {
        for n in 1..=10 {
            let strength = Strength::new(n).expect("valid");
            let budget = strength.budget().limits;
            for line in [
                "go infinite",
                "go btime 3600000 wtime 3600000 byoyomi 60000",
                "go depth 60 nodes 100000000000",
                "go movetime 1",
            ] {
                let limits = search_limits(&go(line), Color::Sente, strength);
                if let Some(t) = budget.time {
                    assert!(limits.time.is_some_and(|l| l <= t), "{line}: {limits:?}");
                }
                if let Some(d) = budget.depth {
                    assert!(limits.depth.is_some_and(|l| l <= d), "{line}: {limits:?}");
                }
                if let Some(n) = budget.nodes {
                    assert!(limits.nodes.is_some_and(|l| l <= n), "{line}: {limits:?}");
                }
            }
        }
        let strength = Strength::MAX;
        let limits = search_limits(&go("go movetime 100 depth 2"), Color::Gote, strength);
        assert_eq!(limits.time, Some(MS(50)));
        assert_eq!(limits.depth.map(|d| d.min(2)), Some(2));
        assert!(limits.depth.is_some_and(|d| d <= 2));
    }
}
