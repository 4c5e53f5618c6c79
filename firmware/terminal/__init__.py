# The cabinet application: a state machine, events in, effects out (docs/architecture.md).
