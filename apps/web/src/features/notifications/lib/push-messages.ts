/** The words of "Notify me on this device". */
export const PUSH = {
  turnOn: 'Notify me on this device',
  on: 'Notifying this device',
  turningOn: 'Turning on…',
  turningOff: 'Turning off…',
  onHint: 'This device shows a notice when someone replies. It never shows what they wrote.',
  offHint: 'Get a notice on this device when someone replies, even with this site closed.',
  turnedOn: 'This device will be notified.',
  turnedOff: 'This device will no longer be notified.',
  unsupported: "This browser can't show notifications from websites.",
  blocked:
    'Notifications are blocked for this site: allow them in your browser’s site settings, then try again.',
  failed: "Couldn't turn notifications on for this device.",
  offFailed: "Couldn't turn notifications off for this device.",
} as const;
