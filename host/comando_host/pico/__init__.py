"""The Pico and its stand-in: the firmware bundle (mpy-cross, mpremote), the .mpy compatibility check,
the flash images and UF2, the stop-for-REPL frame, the simulator (the firmware under the MicroPython
unix port) and the clean exit of the commands that start it.
"""
