// The ruler control: a horizontal scale dragged or swiped with momentum and snapping,
// also driven by arrow keys, Page Up/Down, Home/End and the mouse wheel. It replaces a
// number input and keeps that input's value, so the form posts the same field.
import { fill, formatNumber } from './strings.js';
import { prefersReducedMotion } from './motion.js';

const SPACING = 12; // pixels between two ticks
const FRICTION = 0.94; // velocity kept per 16 ms frame of momentum

export class Ruler {
  constructor(root) {
    this.root = root;
    this.input = root.querySelector('.ruler-input');
    this.readout = root.querySelector('.ruler-readout');
    const data = root.dataset;
    this.min = Number(data.min);
    this.max = Number(data.max);
    this.step = Number(data.step) || 1;
    this.major = Number(data.major) || 10;
    this.kind = data.format;
    this.isSet = this.input.value !== '';
    this.value = this.clamp(this.isSet ? Number(this.input.value) : Number(data.initial));
    this.offset = this.offsetFor(this.value);
    this.build();
    this.render();
  }

  clamp(value) {
    const snapped = Math.round((value - this.min) / this.step) * this.step + this.min;
    return Math.min(this.max, Math.max(this.min, snapped));
  }

  offsetFor(value) { return ((value - this.min) / this.step) * SPACING; }
  valueFor(offset) { return this.clamp(this.min + (offset / SPACING) * this.step); }

  text(value) {
    const data = this.root.dataset;
    if (this.kind === 'height-imperial') {
      return fill(data.templateImperial, formatNumber(Math.floor(value / 12)), formatNumber(value % 12));
    }
    if (this.kind === 'height-metric') return fill(data.templateMetric, formatNumber(Math.round(value * 2.54)));
    return fill(data.templateCount, formatNumber(value));
  }

  tickLabel(value) {
    if (this.kind === 'height-imperial') return fill(this.root.dataset.templateFeet, formatNumber(value / 12));
    if (this.kind === 'height-metric') return formatNumber(Math.round(value * 2.54));
    return formatNumber(value);
  }

  build() {
    const label = this.root.querySelector('.field-label');
    this.viewport = document.createElement('div');
    this.viewport.className = 'ruler-viewport';
    this.viewport.tabIndex = 0;
    this.viewport.setAttribute('role', 'slider');
    this.viewport.setAttribute('aria-labelledby', label.id);
    this.viewport.setAttribute('aria-valuemin', String(this.min));
    this.viewport.setAttribute('aria-valuemax', String(this.max));
    this.viewport.setAttribute('aria-orientation', 'horizontal');
    this.viewport.dataset.testid = `ruler-${this.input.name}`;
    this.track = document.createElement('div');
    this.track.className = 'ruler-track';
    const count = Math.round((this.max - this.min) / this.step);
    const fragment = document.createDocumentFragment();
    for (let index = 0; index <= count; index += 1) {
      const value = this.min + index * this.step;
      const tick = document.createElement('span');
      const isMajor = (value - this.min) % (this.major * this.step) === 0 || (this.kind === 'height-imperial' && value % 12 === 0);
      tick.className = isMajor ? 'ruler-tick ruler-tick-major' : 'ruler-tick';
      tick.style.left = `${index * SPACING}px`;
      fragment.append(tick);
      if (isMajor) {
        const text = document.createElement('span');
        text.className = 'ruler-tick-label';
        text.style.left = `${index * SPACING}px`;
        text.textContent = this.tickLabel(value);
        fragment.append(text);
      }
    }
    this.track.append(fragment);
    const needle = document.createElement('span');
    needle.className = 'ruler-needle';
    this.viewport.append(this.track, needle);
    const hint = document.createElement('p');
    hint.className = 'ruler-hint';
    hint.textContent = this.root.dataset.hint;
    hint.setAttribute('aria-hidden', 'true');
    this.input.after(this.viewport, hint);
    this.root.classList.add('ruler-enhanced');
    label.htmlFor = '';
    label.addEventListener('click', () => this.viewport.focus());
    this.bindPointer();
    this.bindKeys();
  }

  /** True while the ruler sits in a disabled fieldset (e.g. the calorie goal without fitness settings). */
  get disabled() {
    return Boolean(this.input.closest('fieldset')?.disabled);
  }

  render() {
    this.viewport.tabIndex = this.disabled ? -1 : 0;
    this.viewport.setAttribute('aria-disabled', String(this.disabled));
    const center = this.viewport.clientWidth / 2 || 150;
    this.track.style.transform = `translateX(${center - this.offset}px)`;
    const shown = this.isSet ? this.text(this.value) : this.root.dataset.unset;
    this.readout.textContent = shown;
    this.readout.classList.toggle('unset', !this.isSet);
    this.viewport.setAttribute('aria-valuenow', String(this.value));
    this.viewport.setAttribute('aria-valuetext', shown);
  }

  /** Sets the value (snapped), updates the input and tells the form. */
  setValue(value, { animate = false } = {}) {
    const next = this.clamp(value);
    const changed = next !== this.value || !this.isSet;
    this.value = next;
    this.isSet = true;
    if (animate && !prefersReducedMotion()) {
      this.animateTo(this.offsetFor(next));
    } else {
      this.offset = this.offsetFor(next);
    }
    this.render();
    if (changed) {
      this.input.value = String(next);
      this.input.dispatchEvent(new Event('input', { bubbles: true }));
      this.input.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }

  animateTo(target) {
    cancelAnimationFrame(this.frame);
    const step = () => {
      this.offset += (target - this.offset) * 0.25;
      if (Math.abs(target - this.offset) < 0.5) this.offset = target;
      this.track.style.transform = `translateX(${this.viewport.clientWidth / 2 - this.offset}px)`;
      if (this.offset !== target) this.frame = requestAnimationFrame(step);
    };
    this.frame = requestAnimationFrame(step);
  }

  bindPointer() {
    let startX = 0;
    let startOffset = 0;
    let samples = [];
    let moved = false;
    this.viewport.addEventListener('pointerdown', (event) => {
      if (this.disabled) return;
      cancelAnimationFrame(this.frame);
      this.dragging = true;
      moved = false;
      startX = event.clientX;
      startOffset = this.offset;
      samples = [{ x: event.clientX, t: event.timeStamp }];
      this.viewport.setPointerCapture(event.pointerId);
      this.viewport.focus({ preventScroll: true });
    });
    this.viewport.addEventListener('pointermove', (event) => {
      if (!this.dragging) return;
      if (Math.abs(event.clientX - startX) > 3) moved = true;
      if (!moved) return;
      const maxOffset = this.offsetFor(this.max);
      this.offset = Math.min(maxOffset, Math.max(0, startOffset - (event.clientX - startX)));
      samples.push({ x: event.clientX, t: event.timeStamp });
      samples = samples.filter((sample) => event.timeStamp - sample.t < 100);
      this.track.style.transform = `translateX(${this.viewport.clientWidth / 2 - this.offset}px)`;
      this.showLive(this.valueFor(this.offset));
    });
    const release = (event) => {
      if (!this.dragging) return;
      this.dragging = false;
      if (!moved) return; // a tap only focuses the ruler
      // Only the last 100 ms of movement count: a finger that stopped before lifting does not fling.
      const recent = samples.filter((sample) => event.timeStamp - sample.t < 100);
      const first = recent[0];
      const elapsed = first ? event.timeStamp - first.t : 0;
      const velocity = recent.length > 1 && elapsed > 0 ? -(event.clientX - first.x) / elapsed : 0; // px/ms, offset direction
      if (prefersReducedMotion() || Math.abs(velocity) < 0.05) {
        this.setValue(this.valueFor(this.offset), { animate: true });
      } else {
        this.coast(velocity * 16);
      }
    };
    this.viewport.addEventListener('pointerup', release);
    this.viewport.addEventListener('pointercancel', release);
    this.viewport.addEventListener('wheel', (event) => {
      const delta = Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : event.deltaY;
      if (!delta || this.disabled) return;
      event.preventDefault();
      this.setValue(this.value + Math.sign(delta) * this.step);
    }, { passive: false });
  }

  /** Momentum after a swipe: glide with friction, then snap to the nearest tick. */
  coast(velocity) {
    const maxOffset = this.offsetFor(this.max);
    const frame = () => {
      velocity *= FRICTION;
      this.offset = Math.min(maxOffset, Math.max(0, this.offset + velocity));
      this.track.style.transform = `translateX(${this.viewport.clientWidth / 2 - this.offset}px)`;
      this.showLive(this.valueFor(this.offset));
      if (Math.abs(velocity) > 0.3 && this.offset > 0 && this.offset < maxOffset) {
        this.frame = requestAnimationFrame(frame);
      } else {
        this.setValue(this.valueFor(this.offset), { animate: true });
      }
    };
    this.frame = requestAnimationFrame(frame);
  }

  showLive(value) {
    this.readout.textContent = this.text(value);
    this.readout.classList.remove('unset');
  }

  bindKeys() {
    this.viewport.addEventListener('keydown', (event) => {
      if (this.disabled) return;
      const big = this.major * this.step;
      const moves = {
        ArrowLeft: -this.step, ArrowDown: -this.step, ArrowRight: this.step, ArrowUp: this.step,
        PageDown: -big, PageUp: big,
      };
      if (event.key in moves) {
        this.setValue((this.isSet ? this.value : this.value - moves[event.key]) + moves[event.key], { animate: true });
      } else if (event.key === 'Home') {
        this.setValue(this.min, { animate: true });
      } else if (event.key === 'End') {
        this.setValue(this.max, { animate: true });
      } else {
        return;
      }
      event.preventDefault();
    });
    window.addEventListener('resize', () => this.render());
    // A form reset puts the input back; show its value again.
    this.input.form?.addEventListener('reset', () => setTimeout(() => {
      this.isSet = this.input.value !== '';
      this.value = this.clamp(this.isSet ? Number(this.input.value) : Number(this.root.dataset.initial));
      this.offset = this.offsetFor(this.value);
      this.render();
    }));
    // Re-centre when the ruler becomes visible or changes size (e.g. inside a dialog that opens).
    new ResizeObserver(() => this.render()).observe(this.viewport);
  }
}

export function enhanceRulers(scope) {
  return [...scope.querySelectorAll('[data-ruler]')].map((root) => new Ruler(root));
}

// Loaded by a page with a ruler: every ruler on it.
enhanceRulers(document);
