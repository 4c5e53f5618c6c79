# The drivers: hardware in, events out; effects in, light and text out (each with a twin).
