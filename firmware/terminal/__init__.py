# The cabinet application: a state machine, events in, effects out (DESIGN.md).
