//! The cosmic engine: game state, the FFG encounter pipeline, primitive actions, the decision
//! API, the seeded RNG and the event log. It knows no card by name: card behaviour reaches it
//! only through the `Hooks` trait it owns.
