/**
 * "Notify me on this device": a toggle (aria-pressed) that subscribes this browser to Web
 * Push under the tab's identity, or stops it. A notice says only what kind of news there is
 * (a new reply, "This helped"...) and opens its page; never what anyone wrote.
 */
import { useEffect, useState } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { unlessOffline } from '../../../lib/error-messages.ts';
import { type PushState, readPushState, turnPushOff, turnPushOn } from '../lib/push-device.ts';
import { PUSH } from '../lib/push-messages.ts';
import styles from './push-toggle.module.css';

export function PushToggle() {
  const toast = useToast();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState<'on' | 'off' | null>(null);

  useEffect(() => {
    let live = true;
    readPushState().then(
      (read) => live && setState(read),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, []);

  if (state === null) return null;
  if (state === 'unsupported') return <p className={styles.note}>{PUSH.unsupported}</p>;

  const on = state === 'on';
  const onClick = async () => {
    if (busy) return;
    setBusy(on ? 'off' : 'on');
    try {
      const next = on ? await turnPushOff() : await turnPushOn();
      setState(next);
      if (next === 'on') toast.success(PUSH.turnedOn);
      else if (on) toast.success(PUSH.turnedOff);
    } catch (error) {
      toast.error(unlessOffline(error, on ? PUSH.offFailed : PUSH.failed));
      setState(await readPushState().catch(() => state));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className={styles.toggle}>
      <button
        type="button"
        className={buttonClass(on ? 'ghost' : 'default')}
        aria-pressed={on}
        aria-describedby="push-toggle-hint"
        disabled={busy !== null}
        onClick={onClick}
      >
        {busy === 'on'
          ? PUSH.turningOn
          : busy === 'off'
            ? PUSH.turningOff
            : on
              ? PUSH.on
              : PUSH.turnOn}
      </button>
      <p id="push-toggle-hint" className={styles.note}>
        {state === 'blocked' ? PUSH.blocked : on ? PUSH.onHint : PUSH.offHint}
      </p>
    </div>
  );
}
