/**
 * Auto-lock after idle time (issue 24), in the renderer's half: every key press, click or touch
 * tells main (lock.touch, at most every 15 s), which keeps its own countdown and locks even
 * with no window; and after **Auto-lock after** minutes without any, the page asks main to lock
 * at once. Every 15 s it also asks main for the state, so a lock on suspend or screen lock
 * (Electron's powerMonitor) reaches the screen. Timers use the page's clock, so a test may
 * drive it.
 */
import { useEffect } from 'react';
import { callWallet } from './wallet';
import { useLockStore } from '../stores/lock-store';

const TOUCH_EVERY_MS = 15_000;
const EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;

export function useIdleLock(active: boolean): void {
  const minutes = useLockStore((s) => s.autoLockMinutes);
  useEffect(() => {
    if (!active) return;
    let lastTouch = 0;
    let idle: ReturnType<typeof setTimeout>;
    const arm = () => {
      clearTimeout(idle);
      idle = setTimeout(() => void useLockStore.getState().lock(), minutes * 60_000);
    };
    const onActivity = () => {
      arm();
      if (Date.now() - lastTouch < TOUCH_EVERY_MS) return;
      lastTouch = Date.now();
      void callWallet((w) => w.lock.touch({}));
    };
    const poll = setInterval(() => void useLockStore.getState().load(), TOUCH_EVERY_MS);
    arm();
    for (const name of EVENTS) window.addEventListener(name, onActivity, { passive: true });
    return () => {
      clearTimeout(idle);
      clearInterval(poll);
      for (const name of EVENTS) window.removeEventListener(name, onActivity);
    };
  }, [active, minutes]);
}
