#!/usr/bin/env node
// The emulated Pico: rp2040js running MicroPython's RPI_PICO image with the Comando hardware
// around it (docs/emulated-pico.md).
//
//   node tests/pico/rig.js --flash IMAGE [--save OUT] [--bootrom ROM] [--realtime | --lockstep]
//
// IMAGE is a whole flash image (firmware at 0, littlefs at 0xA0000; tests/pico/flashimg.py).
// Control: JSON lines on stdin (ops below), events as JSON lines on stdout. The USB serial is fd 3
// when the parent passes one (a pty master: the laptop side opens the slave).
//
// Modelled around the chip:
// - flash writes: the boot ROM's flash_range_erase / flash_range_program start with a BKPT here;
//   the break does the erase/program on the flash array (persisting) and advances the clock by
//   W25Q16 timings, then returns to the caller.
// - an SSD1306 at 0x3C on I2C0: the I2C block's callbacks, paced at the wire rate its
//   HCNT/LCNT/SPKLEN registers give; and a decoder of the GP4/GP5 lines for bit-banged access
//   (machine.I2C.scan() on the rp2 port). Frames are bursts of transactions less than 2 ms apart.
// - buttons: GP6-10 read high (pull-ups) unless a tap drives them low.
// - USB CDC: the host NAKs OUT while it has nothing to send, so the device can sleep.
'use strict';
const fs = require('fs');
const path = require('path');
const readline = require('readline');
const { Simulator, USBCDC, GPIOPinState } = require('rp2040js');

const args = process.argv.slice(2);
function opt(name, dflt) {
  const i = args.indexOf('--' + name);
  if (i < 0) return dflt;
  const v = args[i + 1];
  return v === undefined || v.startsWith('--') ? true : v;
}
const FLASH = opt('flash');
const SAVE = opt('save', null);
const BOOTROM = opt('bootrom', path.join(__dirname, '..', '..', '..', 'shared', 'pico', 'bootrom-b1.bin'));
const REALTIME = !!opt('realtime', false);
// --lockstep: emulated time runs only while an op waits on it (tap, taps, wait, frames), so what
// the laptop does between two ops (its load, its own speed) never becomes time on the chip: a
// script gives the same emulated times run after run (issue 22). Not with a pty: the laptop's
// bytes come at wall-clock moments, and the device must run to answer them.
const LOCKSTEP = !!opt('lockstep', false);
let paused = false;
const SERIAL_FD = opt('serial-fd', null);
const SERIAL_LOG = opt('serial-log', null);

function emit(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

const sim = new Simulator();
const mcu = sim.rp2040;
const clock = sim.clock;
// rp2040js logs to the console: keep stdout for events, and only a few warnings on stderr
let warnings = 0;
mcu.logger = {
  debug() {}, info() {},
  warn(c, m) { if (++warnings <= 20 || (process.env.COMANDO_RIG_DEBUG && m.includes('invalid') && warnings < 200)) process.stderr.write('rig: ' + c + ': ' + m + ' pc=' + mcu.core.PC.toString(16) + ' lr=' + mcu.core.LR.toString(16) + ' t=' + nowMs() + '\n'); },
  error(c, m) { if (++warnings <= 40) process.stderr.write('rig: ' + c + ': ' + m + '\n'); },
};
const nowMs = () => clock.nanos / 1e6;

// -- boot ROM, with the two flash-write entry points trapped -----------------------------------
const rom = fs.readFileSync(BOOTROM);
mcu.loadBootrom(new Uint32Array(rom.buffer, rom.byteOffset, rom.length / 4));
function romFunc(code) {
  const table = rom.readUInt16LE(0x14);
  for (let i = table; ; i += 4) {
    const c = rom.readUInt16LE(i);
    if (c === 0) throw new Error('rig: boot ROM has no function ' + code);
    if (c === (code.charCodeAt(0) | (code.charCodeAt(1) << 8))) return rom.readUInt16LE(i + 2) & ~1;
  }
}
const BKPT_ERASE = 0xe0, BKPT_PROGRAM = 0xe1;
function patchBkpt(addr, imm) {
  const w = addr >> 2;
  const op = 0xbe00 | imm;
  mcu.bootrom[w] = addr & 2 ? (mcu.bootrom[w] & 0xffff) | (op << 16) : (mcu.bootrom[w] & 0xffff0000) | op;
}
patchBkpt(romFunc('RE'), BKPT_ERASE);
patchBkpt(romFunc('RP'), BKPT_PROGRAM);

// -- flash -----------------------------------------------------------------------------------
const image = fs.readFileSync(FLASH);
mcu.flash.fill(0xff);
mcu.flash.set(image.subarray(0, Math.min(image.length, mcu.flash.length)));
const FLASH_SIZE = Math.max(image.length, 2 * 1024 * 1024);
const ERASE_NS = 45e6; // W25Q16JV: ~45 ms per 4 KiB sector erase
const PAGE_NS = 0.4e6; // ~0.4 ms per 256-byte page program
let programs = 0, erases = 0;
let cut = null; // {kind, after, bytes}: power cut armed
let dead = false;

function saveFlash() {
  if (SAVE) fs.writeFileSync(SAVE, mcu.flash.subarray(0, FLASH_SIZE));
}

function powerCut(reason) {
  dead = true;
  saveFlash();
  emit({ ev: 'cut', t: nowMs(), reason, programs, erases });
  process.exit(0);
}

mcu.onBreak = (code) => {
  if (process.env.COMANDO_RIG_DEBUG) process.stderr.write('rig: break ' + code + ' r0=' + mcu.core.registers[0].toString(16) + ' r1=' + mcu.core.registers[1].toString(16) + ' r2=' + mcu.core.registers[2].toString(16) + ' pc=' + mcu.core.PC.toString(16) + ' lr=' + mcu.core.LR.toString(16) + '\n');
  const core = mcu.core;
  const r = core.registers;
  if (code === BKPT_ERASE) {
    const off = r[0] >>> 0, count = r[1] >>> 0;
    erases++;
    if (cut && cut.kind === 'erase' && erases >= cut.after) {
      mcu.flash.fill(0xff, off, off + Math.min(count, cut.bytes));
      powerCut('erase');
      return;
    }
    mcu.flash.fill(0xff, off, off + count);
    clock.tick(ERASE_NS * Math.ceil(count / 4096));
  } else if (code === BKPT_PROGRAM) {
    const off = r[0] >>> 0, src = r[1] >>> 0, count = r[2] >>> 0;
    programs++;
    let n = count;
    const cutNow = cut && cut.kind === 'program' && programs >= cut.after;
    if (cutNow) n = Math.min(count, cut.bytes);
    for (let i = 0; i < n; i++) mcu.flash[off + i] &= mcu.readUint8(src + i); // NOR: 1 -> 0 only
    if (cutNow) {
      powerCut('program');
      return;
    }
    clock.tick(PAGE_NS * Math.ceil(count / 256));
  } else {
    emit({ ev: 'error', t: nowMs(), msg: 'unexpected BKPT ' + code + ' at ' + core.PC.toString(16) });
    return;
  }
  core.PC = core.LR & ~1; // return to the caller
};

// -- GPIO: buttons and the I2C lines -----------------------------------------------------------
const SDA = 4, SCL = 5;
const BUTTON_PINS = [6, 7, 8, 9, 10];
const pressed = new Set();
for (const p of BUTTON_PINS) mcu.gpio[p].setInputValue(true);

// GPIO_IN reads: the input loop's heartbeat (machine.Pin.value() reads SIO GPIO_IN)
let lastPoll = 0, pollGapMax = 0, pollWindowFrom = null;
let firstPollPressed = null; // the first button sample that saw the current press
let lastPollPressed = null; // the last one
let pressedPolls = 0; // the button samples that saw the current press
let pollLog = null; // the times of the button samples, while a poll_log is open (diagnostics)
// The last moment the core slept (WFE/WFI: the asyncio loop had no task to run until its next
// alarm). A press's steps (a new game's, in turns of the loop that sample the buttons between
// flash erases) and background work never sleep: the device is idle only once it has slept after
// its last frame, not merely when the glass has been quiet while the buttons were sampled
let lastSleep = 0;
const sioRead = mcu.sio.readUint32.bind(mcu.sio);
mcu.sio.readUint32 = (offset) => {
  if (offset === 0x004) {
    const t = clock.nanos;
    if (pollWindowFrom !== null && t - lastPoll > pollGapMax) pollGapMax = t - lastPoll;
    lastPoll = t;
    if (firstPollPressed === null && pressed.size) firstPollPressed = t;
    if (pressed.size) lastPollPressed = t;
    if (pressed.size) pressedPolls++;
    if (pollLog !== null && pollLog.length < 20000) pollLog.push(t / 1e6);
  }
  return sioRead(offset);
};

// The SSD1306 model: GDDRAM in page addressing (or horizontal) mode, and the command parser.
const OLED_ADDR = 0x3c;
const oled = {
  ram: new Uint8Array(8 * 128), page: 0, col: 0, mode: 2, colLo: 0, colHi: 127, pageLo: 0, pageHi: 7,
  on: false, ctl: null, pendingCmd: [], need: 0,
};
const ARGS = { 0x81: 1, 0xa8: 1, 0xd3: 1, 0xd5: 1, 0xd9: 1, 0xda: 1, 0xdb: 1, 0x8d: 1, 0x20: 1, 0x21: 2, 0x22: 2, 0xad: 1 };
function oledCommand(c) {
  const o = oled;
  if (o.need > 0) {
    o.pendingCmd.push(c);
    if (--o.need > 0) return;
    const [op, a, b] = o.pendingCmd;
    if (op === 0x20) o.mode = a & 3;
    else if (op === 0x21) { o.colLo = a & 127; o.colHi = b & 127; o.col = o.colLo; }
    else if (op === 0x22) { o.pageLo = a & 7; o.pageHi = b & 7; o.page = o.pageLo; }
    o.pendingCmd = [];
    return;
  }
  if (ARGS[c]) { o.pendingCmd = [c]; o.need = ARGS[c]; return; }
  if (c >= 0xb0 && c <= 0xb7) o.page = c & 7;
  else if (c <= 0x0f) o.col = (o.col & 0xf0) | c;
  else if (c >= 0x10 && c <= 0x1f) o.col = ((c & 0x0f) << 4) | (o.col & 0x0f);
  else if (c === 0xae) o.on = false;
  else if (c === 0xaf) o.on = true;
}
function oledData(b) {
  const o = oled;
  if (o.col < 128) o.ram[o.page * 128 + o.col] = b;
  o.col++;
  if (o.mode === 2) {
    if (o.col > 127) o.col = 0;
  } else if (o.col > o.colHi) {
    o.col = o.colLo;
    o.page = o.page >= o.pageHi ? o.pageLo : o.page + 1;
  }
}
// one transaction's bytes after the address: control bytes select command or data streams
function oledByte(b, first) {
  if (first || oled.ctl === 'co') {
    oled.ctl = b & 0x80 ? 'single' : 'stream';
    oled.isData = !!(b & 0x40);
    if (b & 0x80) oled.ctl = 'single-' + (oled.isData ? 'd' : 'c');
    return;
  }
  if (oled.isData) oledData(b); else oledCommand(b);
  if (oled.ctl.startsWith('single')) oled.ctl = 'co';
}

// Frames: bursts of OLED transactions; closed after 2 ms without one.
const FRAME_GAP_NS = 2e6;
let frame = null; // {t0, t1, bytes}
const frames = [];
let frameCount = 0;
function frameTouch(bytes) {
  const t = clock.nanos;
  if (frame && t - frame.t1 > FRAME_GAP_NS) closeFrame();
  if (!frame) frame = { t0: t, t1: t, bytes: 0 };
  frame.t1 = t;
  frame.bytes += bytes;
}
function closeFrame() {
  if (!frame) return;
  const f = { t0: frame.t0 / 1e6, t1: frame.t1 / 1e6, bytes: frame.bytes };
  frame = null;
  frameCount++;
  frames.push(f);
  emit({ ev: 'frame', n: frameCount, t0: f.t0, t1: f.t1, bytes: f.bytes });
}
function lastI2C() {
  return frame ? frame.t1 : frames.length ? frames[frames.length - 1].t1 * 1e6 : 0;
}

// The I2C0 block, paced at its wire rate: a byte is 9 SCL periods.
const i2c = mcu.i2c[0];
let inTxn = false, txnFirst = false, txnAddrOk = false;
function sclPeriodNs() {
  const hi = i2c.sclHighPeriod + (i2c.spikelen || 0) + 7; // datasheet: HCNT + SPKLEN + 7
  const lo = i2c.sclLowPeriod + 1; // LCNT + 1
  return ((hi + lo) * 1e9) / (mcu.clkSys || 125e6);
}
function later(bits, fn) {
  const alarm = clock.createAlarm(fn);
  alarm.schedule(Math.max(1, Math.round(bits * sclPeriodNs())));
}
i2c.onStart = () => later(1, () => i2c.completeStart());
i2c.onConnect = (addr, mode) => {
  txnAddrOk = addr === OLED_ADDR && mode === 0;
  txnFirst = true;
  inTxn = txnAddrOk;
  if (txnAddrOk) frameTouch(1);
  later(9, () => i2c.completeConnect(txnAddrOk));
};
i2c.onWriteByte = (b) => {
  if (inTxn) {
    oledByte(b, txnFirst);
    txnFirst = false;
    frameTouch(1);
  }
  later(9, () => i2c.completeWrite(inTxn));
};
i2c.onReadByte = () => later(9, () => i2c.completeRead(0xff));
i2c.onStop = () => {
  inTxn = false;
  later(1, () => i2c.completeStop());
};

// Bit-banged access on GP4/GP5 (SIO function): open-drain lines with the module's pull-ups.
const bus = { sda: 1, scl: 1, state: 'idle', bits: 0, n: 0, ackHold: false };
function driven(pin) {
  return mcu.gpio[pin].value === GPIOPinState.Low; // output enabled and low
}
function busUpdate() {
  const scl = driven(SCL) ? 0 : 1;
  let sda = driven(SDA) || bus.ackHold ? 0 : 1;
  const b = bus;
  if (scl && b.scl && sda !== b.sda) {
    if (!sda) { b.state = 'addr'; b.bits = 0; b.n = 0; } // START (or repeated)
    else b.state = 'idle'; // STOP
  } else if (scl && !b.scl) { // rising SCL: sample
    if (b.state === 'addr' || b.state === 'data') {
      if (b.n < 8) { b.bits = (b.bits << 1) | sda; b.n++; }
    }
  } else if (!scl && b.scl) { // falling SCL: the target drives ACK after the 8th bit
    if (b.ackHold) {
      b.ackHold = false;
      b.n = 0; b.bits = 0;
    } else if (b.n === 8 && (b.state === 'addr' || b.state === 'data')) {
      const ok = b.state === 'data' || b.bits >> 1 === OLED_ADDR;
      if (b.state === 'addr') b.state = ok && !(b.bits & 1) ? 'data' : 'ignore';
      b.ackHold = ok;
      if (!ok) b.n = 0;
    }
  }
  b.scl = scl;
  sda = driven(SDA) || b.ackHold ? 0 : 1;
  b.sda = sda;
  mcu.gpio[SCL].setInputValue(!!scl);
  mcu.gpio[SDA].setInputValue(!!sda);
}
mcu.gpio[SDA].setInputValue(true);
mcu.gpio[SCL].setInputValue(true);
mcu.gpio[SDA].addListener(busUpdate);
mcu.gpio[SCL].addListener(busUpdate);

// -- USB CDC ---------------------------------------------------------------------------------
const cdc = new USBCDC(mcu.usbCtrl);
const usb = mcu.usbCtrl;
let hostQueue = []; // bytes the laptop sent, waiting for an OUT transfer
let pendingOut = null; // the device armed OUT for this many bytes: NAK until we have data
let serialLog = SERIAL_LOG ? fs.openSync(SERIAL_LOG, 'a') : null;
let outBuf = [];
let outBytes = 0;
let writing = false;
const OUT_CAP = 1 << 16; // what the laptop has not read yet: beyond this the bytes are dropped
function pumpOut() {
  if (pendingOut === null || hostQueue.length === 0 || cdc.outEndpoint < 0) return;
  const n = Math.min(pendingOut, hostQueue.length);
  const data = Uint8Array.from(hostQueue.splice(0, n));
  pendingOut = null;
  usb.endpointReadDone(cdc.outEndpoint, data);
}
usb.onEndpointRead = (ep, size) => {
  if (ep === cdc.outEndpoint) {
    pendingOut = size;
    pumpOut();
  }
};
function flushToHost() {
  if (writing || !outBuf.length || SERIAL_FD === null) return;
  const data = Buffer.concat(outBuf);
  outBuf = [];
  outBytes = 0;
  writing = true;
  fs.write(Number(SERIAL_FD), data, (err) => {
    writing = false;
    if (!err) flushToHost();
  });
}
cdc.onSerialData = (buf) => {
  const b = Buffer.from(buf);
  if (serialLog !== null) fs.writeSync(serialLog, b);
  if (SERIAL_FD !== null && outBytes + b.length <= OUT_CAP) {
    outBuf.push(b);
    outBytes += b.length;
    flushToHost();
  }
};
cdc.onDeviceConnected = () => {
  emit({ ev: 'usb', t: nowMs() });
  hostQueue.push(13); // the banner waits in the device's buffer until the next output
  pumpOut();
};
if (SERIAL_FD !== null) {
  const rs = fs.createReadStream(null, { fd: Number(SERIAL_FD), autoClose: false, highWaterMark: 4096 });
  rs.on('data', (chunk) => {
    for (const b of chunk) hostQueue.push(b);
    pumpOut();
  });
  rs.on('error', () => {});
}

// -- control ---------------------------------------------------------------------------------
const waiters = []; // {id, check() -> result|null}
function done(id, extra) {
  emit(Object.assign({ ev: 'done', id, t: nowMs() }, extra || {}));
}
function pinsDown(pins, down) {
  for (const p of pins) {
    mcu.gpio[p].setInputValue(!down);
    if (down) pressed.add(p); else pressed.delete(p);
  }
}
const taps = [];
// The device has reacted to what happened at `since` (a release, a clock jump): the glass quiet
// for `settle` since then and since its last frame, the input loop sampling, and the core asleep
// at least once after both (a press's steps and background work never sleep)
function settled(since, settle) {
  const now = clock.nanos;
  const from = Math.max(since, lastI2C());
  return now - from >= settle && now - lastPoll < 30e6 && lastSleep > from;
}
// One: the pin interrupt latches the fall and the rise (device/hal/pico.py), so a tap the input
// loop saw once and then went busy on (a screen's module to import: ~1.8 s after BACK in a map
// game) is released at its time, as a hand lets go; with two, it stayed down until the loop's
// next look and read as a LONG (BACK's hint instead of the menu). (Two were once needed because
// the first tap after boot came while the app was still starting: boot() now waits until the
// device is idle.) A hold is held until the loop has seen it down for `held` ms (its LONG).
const TAP_SAMPLES = 1;
function handle(cmd) {
  const id = cmd.id;
  const t = clock.nanos;
  switch (cmd.op) {
    case 'tap': { // press pins for hold ms, release, then wait until the screen is quiet
      const hold = (cmd.hold || 60) * 1e6, settle = (cmd.settle || 120) * 1e6;
      const deadline = t + (cmd.timeout || 60000) * 1e6;
      const heldSeen = (cmd.held || 0) * 1e6;
      pinsDown(cmd.pins, true);
      firstPollPressed = lastPollPressed = null;
      pressedPolls = 0;
      const edge = t / 1e6;
      // held for `hold` ms, and until the app has sampled the press TAP_SAMPLES times (a flash
      // write or a long computation can keep it from looking; a hand holds on until it reacts).
      // A count of samples, not a span of time: a tap the app saw, then went busy on (an
      // attack's roll, ~1.2 s of emulated time), would still be down at its next sample and
      // read as a hold
      taps.push({ t: edge, pins: cmd.pins });
      let released = null;
      waiters.push({ id, check: (now) => {
        if (released === null) {
          if (now - t < hold) return null;
          if (pressedPolls < TAP_SAMPLES && now < deadline) return null;
          if (heldSeen && lastPollPressed - firstPollPressed < heldSeen && now < deadline) return null;
          pinsDown(cmd.pins, false);
          released = now;
        }
        const r = settled(released, settle);
        if (r || now > deadline) return { edge, quiet: r, frames: frameCount };
        return null;
      } });
      break;
    }
    case 'taps': { // steps [pins, start ms, hold ms] from now, at exact emulated times whatever
      // the app samples (a hand that does not wait for the device); done when all are released
      const steps = cmd.steps.map(([pins, at, hold]) => ({ pins, on: t + at * 1e6, off: t + (at + hold) * 1e6, st: 0 }));
      waiters.push({ id, check: (now) => {
        for (const s of steps) {
          if (s.st === 0 && now >= s.on) { pinsDown(s.pins, true); s.st = 1; }
          if (s.st === 1 && now >= s.off) { pinsDown(s.pins, false); s.st = 2; }
        }
        return steps.every((s) => s.st === 2) ? {} : null;
      } });
      break;
    }
    case 'later': { // the clock jumps `ms` ahead at once (the simulator's `later`: a game
      // clock's minutes without running them); alarms due meanwhile fire, in order. Then, as
      // after a tap, until the device has drawn what the jump changed (a clock's figures) and
      // gone idle: in lockstep the chip runs only while an op waits, so an op that returned at
      // once would leave the glass as it was before the jump
      clock.tick(cmd.ms * 1e6);
      const from = clock.nanos, settle = (cmd.settle || 120) * 1e6;
      const deadline = from + (cmd.timeout || 60000) * 1e6;
      waiters.push({ id, check: (now) => {
        const r = settled(from, settle);
        return r || now > deadline ? { quiet: r, frames: frameCount } : null;
      } });
      break;
    }
    case 'down': pinsDown(cmd.pins, true); done(id); break;
    case 'up': pinsDown(cmd.pins, false); done(id); break;
    case 'wait': {
      const until = t + cmd.ms * 1e6;
      waiters.push({ id, check: (now) => (now >= until ? {} : null) });
      break;
    }
    case 'frames': { // until at least `count` frames, then `settle` ms of quiet
      // (idle: and the core asleep after the last frame: the app's loop is running)
      const deadline = t + (cmd.timeout || 60000) * 1e6, settle = (cmd.settle || 0) * 1e6;
      waiters.push({ id, check: (now) => {
        if ((frameCount >= cmd.count && now - lastI2C() >= settle &&
             (!cmd.idle || lastSleep > lastI2C())) || now > deadline) {
          return { frames: frameCount, ok: frameCount >= cmd.count };
        }
        return null;
      } });
      break;
    }
    case 'screen':
      done(id, { ram: Buffer.from(oled.ram).toString('hex'), on: oled.on, frames: frameCount });
      break;
    case 'poll_window': // start (or restart) measuring the longest gap between button reads
      pollWindowFrom = t; lastPoll = t; pollGapMax = 0;
      done(id);
      break;
    case 'poll_log': // start (on: true) or end and return the log of button sample times
      if (cmd.on) { pollLog = []; done(id); } else { done(id, { times: pollLog || [] }); pollLog = null; }
      break;
    case 'poll_gap':
      done(id, { max_ms: pollGapMax / 1e6, since: pollWindowFrom === null ? null : pollWindowFrom / 1e6 });
      break;
    case 'stats':
      done(id, { programs, erases, frames: frameCount });
      break;
    case 'cut': // power cut at the `after`-th erase/program from boot, `bytes` of it done
      cut = { kind: cmd.kind || 'program', after: cmd.after, bytes: cmd.bytes || 0 };
      done(id);
      break;
    case 'quit':
      closeFrame();
      saveFlash();
      done(id);
      process.exit(0);
      break;
    default:
      emit({ ev: 'error', msg: 'unknown op ' + cmd.op });
  }
}
const rl = readline.createInterface({ input: process.stdin });
rl.on('line', (line) => {
  if (!line.trim()) return;
  try {
    handle(JSON.parse(line));
  } catch (e) {
    emit({ ev: 'error', msg: String(e) });
  }
  if (paused && waiters.length) { paused = false; setImmediate(run); }
});
rl.on('close', () => {
  saveFlash();
  process.exit(0);
});

// -- the run loop ----------------------------------------------------------------------------
mcu.core.PC = 0x10000000;
const CYCLE_NS = 1e9 / 125e6;
const wallStart = Date.now();
function checkWaiters() {
  const now = clock.nanos;
  if (frame && now - frame.t1 > FRAME_GAP_NS) closeFrame();
  for (let i = 0; i < waiters.length; ) {
    const r = waiters[i].check(now);
    if (r) {
      done(waiters[i].id, r);
      waiters.splice(i, 1);
    } else i++;
  }
}
function run() {
  if (dead) return;
  if (LOCKSTEP && !waiters.length) { paused = true; return; }
  const core = mcu.core;
  const sliceEnd = Date.now() + 15;
  let ahead = false;
  while (Date.now() < sliceEnd && !dead) {
    // ~0.2 ms of emulated time between checks, so waiters resolve close to their time
    const stop = clock.nanos + 2e5;
    while (clock.nanos < stop && !dead) {
      if (core.waiting) {
        const dt = clock.nanosToNextAlarm;
        clock.tick(dt > 0 && dt < 1e9 ? dt : CYCLE_NS);
        lastSleep = clock.nanos;
      } else {
        clock.tick(core.executeInstruction() * CYCLE_NS);
      }
    }
    checkWaiters();
    if (LOCKSTEP && !waiters.length) break; // (the next run() pauses until an op waits)
    if (REALTIME && clock.nanos / 1e6 > Date.now() - wallStart) { ahead = true; break; }
  }
  if (dead) return;
  if (ahead) setTimeout(run, 1);
  else setImmediate(run);
}
emit({ ev: 'ready', t: 0 });
setImmediate(run);
