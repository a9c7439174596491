//! The rules a record states: `shogi_record_rules`.

use crate::boundary::{arg_out, arg_ref};
use crate::game::shogi_rules_config;
use crate::record::shogi_record;
use crate::result::shogi_result;

/// Writes the rules the record states the game was played under to `*out`:
/// the site rules (`shogi_rules_default`) with the move limit of a
/// move-limit header (floodgate's `'Max_Moves:256`, CSA `$MAX_MOVES`, KIF
/// `最大手数`) or, without one, the limit a move-limit ending
/// (`%MAX_MOVES`) reached; and the impasse rule of an impasse header
/// (floodgate's `'Declaration:jishogi 1.1` or `27`: the CSA 27-point
/// declaration, under which an invalid declaration loses; `24`: the 24-point
/// rule). `shogi_record_game` replays under these rules when its rules are
/// NULL. `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_record_rules(
    rec: *const shogi_record,
    out: *mut shogi_rules_config,
) -> shogi_result {
    ffi_fn!({
        let rec = arg_ref(rec)?;
        arg_out(out)?.write(shogi_rules_config::of(&rec.inner.rules()));
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{SHOGI_IMPASSE_CSA27, shogi_game_free, shogi_game_outcome};
    use crate::record::{
        SHOGI_RECORD_FORMAT_AUTO, shogi_record_free, shogi_record_game, shogi_record_read,
    };
    use crate::testing::out;

    #[test]
    fn a_record_states_its_move_limit_and_impasse_rule() {
        let csa = b"V2\n'Max_Moves:2\n'Declaration:jishogi 1.1\nPI\n+\n+7776FU\n-3334FU\n";
        let mut rec = core::ptr::null_mut();
        let code = shogi_record_read(
            csa.as_ptr(),
            csa.len(),
            SHOGI_RECORD_FORMAT_AUTO,
            &mut rec,
            core::ptr::null_mut(),
        );
        assert_eq!(code, shogi_result::Ok);
        let rules = out(|o| shogi_record_rules(rec, o));
        assert_eq!(rules.move_limit, 2);
        assert_eq!(rules.impasse, SHOGI_IMPASSE_CSA27);
        assert!(rules.invalid_declaration_loses);
        // NULL rules replay under them: the game is over by the move limit.
        let game = out(|o| shogi_record_game(rec, core::ptr::null(), o));
        let outcome = out(|o| shogi_game_outcome(game, o));
        assert!(outcome.is_over);
        shogi_game_free(game);
        assert_eq!(
            shogi_record_rules(core::ptr::null(), &mut rules.clone()),
            shogi_result::NullParameter
        );
        assert_eq!(
            shogi_record_rules(rec, core::ptr::null_mut()),
            shogi_result::NullParameter
        );
        shogi_record_free(rec);
    }
}
