# The craps rules engine: pure rules, no clock, pin, file or random source.
