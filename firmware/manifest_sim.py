# The simulator's bundle (the unix port runs it: comando_host.pico.simulator, bench/bench_device.py):
# the device's files plus the host-side modules that never ship to the Pico.

include("manifest.py")

package("device", base_path="lib", files=(
    "hal/sim.py", "hal/simterm.py", "hal/panel.py",  # the simulator's HAL and its recording panel
    "hal/blinka.py",                                  # CPython + adafruit-blinka on real I2C
    "hal/simflash.py",                                # the journal's flash sectors in a file
    "hal/simcut.py",                                  # a power cut at a journal write (tests)
    "pyfb.py", "font8x8.py", "png.py",                # framebuf's twin, its font, PNG frames
))
