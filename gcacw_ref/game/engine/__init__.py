"""The game engine: the basic game's sequence of play over the rules core.

Public API (`gcacw_ref.game.engine.core`):

- `new_game(scenario, seed, dice=None) -> GameState`: set up and run to the first decision.
- `legal_actions(state) -> list[Action]`: what the pending decision allows.
- `step(state, action, dice=None) -> (GameState, events)` / `apply(...) -> GameState`:
  check the action is legal (else `IllegalAction`, an `InputError`), apply it, and run
  every step that needs no decision (a decision with a single choice included).
- `initial_state`, `start`: the same in two parts (events of the set-up included).

How it works: the state keeps a stack of frames (`GameState.stack`), each a typed model
of `gcacw_ref.game.model.frames` (one per kind: `MarchFrame`, `AssaultFrame`...). Each kind is
registered in `registry.HANDLERS` by the module that owns it, either as an automatic
step (`registry.auto(TurnFrame)`) or as a decision with its options and its effect
(`registry.decision(MarchFrame, march_options, march_decide)`), the handlers typed by
their frame model. One `apply` works on a `work.Work`: the state's values as typed
attributes (`w.turn`, `w.refused`, `w.vp`...) and the stack, whose frames it copies
before changing them; `Work.freeze()` builds the next state. Callers outside the engine
read the pending decision through `api.pending_decision`, never the frames:

    turn.py        turn, transfer, cycle, initiative, choose      3.0, 4.0, 6.3
    march.py       forced_march, march                           5.1, 6.1, 6.2, 7.8
    activation.py  activation, accompany                         5.2, 6.3
    assault.py     assault (units, target, roll, grand assault)  5.3, 7.1
    combat.py      attack_go; building the combat input, flanks  7.1-7.4
    results.py     loss, optional_retreat, advance               7.5, 7.6
    retreat.py     retreat (hex by hex over rules.retreat_paths) 7.6, 7.7
    cavalry.py     cavalry_retreat                               7.7
    leaders.py     leaders_split                                 6.3
    bridges.py     destroy; pontoon bridges, refused flanks      10.1-10.3, 7.8
    recovery.py    recovery, build (bridging.py)                 8.0, 9.0, 10.1, 10.3
    misc.py        station raid, entrenchment, swamp_exit        5.4, 5.5, 12.0
    weather.py     random event phase                            12.0
    victory.py     the end of the game                           scenario

Dice come from the list given to `step` first, then from the seeded generator kept in
the state (`state.Rng`), so a game is the scenario, the seed and the actions.
"""
