/** The support videos, chosen by key; the key is also the route (store-and-public-site §2). */
export type SupportVideo = { key: string; title: string; summary: string; steps: string[] };

export const SUPPORT_VIDEOS: readonly SupportVideo[] = [
  {
    key: 'registeringdevice',
    title: 'Registering your device',
    summary: 'Add a new monitor to your account and start monitoring.',
    steps: [
      'Sign in and open My Devices, then choose Add a device.',
      'Enter the 6-character serial number printed on the back of the monitor.',
      'Give it a name and a location, and pick its time zone.',
      'Set the temperature and humidity ranges you consider safe.',
      'Choose who is notified, pick a plan and confirm.',
    ],
  },
  {
    key: 'movingorturningoff',
    title: 'Moving or turning off your device',
    summary: 'Relocate the monitor or power it down without false alarms.',
    steps: [
      'Before unplugging, mute alarms for the device from its settings.',
      'Unplug the monitor and switch off the battery backup if you are storing it.',
      'At the new spot, plug it in and wait for the signal light to turn solid.',
      'Update the location on the device settings page, then unmute alarms.',
    ],
  },
  {
    key: 'changingnotifications',
    title: 'Changing notifications',
    summary: 'Decide who hears about which alarm, and how.',
    steps: [
      'Open the device and go to Change Settings.',
      'In the notification schedule, add an e-mail address or phone number.',
      'Choose the alarm types for each contact: temperature, humidity, power, water or no call-in.',
      'Pick e-mail, text or phone call and save.',
    ],
  },
  {
    key: 'selectingalocation',
    title: 'Selecting a location',
    summary: 'Where to place the monitor for reliable readings.',
    steps: [
      'Pick a central spot away from heaters, vents and direct sun.',
      'Keep it near a power outlet and off the floor if water is a risk.',
      'Check the signal strength on the device page; move it closer to a window if it is weak.',
    ],
  },
  {
    key: 'addingaspuck',
    title: 'Adding a sensor puck',
    summary: 'Extend monitoring to another room, a freezer or a leak-prone spot.',
    steps: [
      'Open the device the puck will report through and choose Add a puck.',
      'Enter the 8-character puck serial number.',
      'Name the puck and set its ranges and notifications.',
      'Place the puck within range of the monitor and wait for its first reading.',
    ],
  },
  {
    key: 'viewstatusremotely',
    title: 'Viewing status remotely',
    summary: 'Check readings and history from anywhere.',
    steps: [
      'Sign in on the web or in the mobile app and open My Devices.',
      'The dashboard shows the last reading, power and signal for each monitor.',
      'Open History to see graphs and tables by day, week, month or year.',
    ],
  },
  {
    key: 'instantupdate',
    title: 'Requesting an instant update',
    summary: 'Ask the monitor to report right now.',
    steps: [
      'Open My Devices and find the monitor.',
      'Choose Instant update and confirm.',
      'The fresh reading arrives within about a minute and the dashboard refreshes by itself.',
    ],
  },
];

export function findSupportVideo(key: string): SupportVideo | undefined {
  return SUPPORT_VIDEOS.find((video) => video.key === key);
}
