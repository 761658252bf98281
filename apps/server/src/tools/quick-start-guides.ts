import PDFDocument from 'pdfkit';

/*
 * The quick-start guides the documentation page offers (store-and-public-site §2 "/documentation
 * (quick-start PDFs)"). They are static files of the web app (apps/web/public/docs), shared by
 * every brand, so they name no brand: the page around them gives the brand's phone and e-mail.
 * `npx tsx apps/server/src/tools/generate-quick-start-guides.ts` writes them again after a change.
 */

export type GuideSection = { heading: string; steps?: string[]; text?: string };

export type QuickStartGuide = {
  /** File name under /docs/. */
  file: string;
  title: string;
  subtitle: string;
  sections: GuideSection[];
};

const SUPPORT: GuideSection = {
  heading: 'Need help?',
  text: 'Sign in to your account site and open Support for how-to videos and answers, or Contact Us for our phone number and e-mail. Have the serial number on the back of the unit at hand when you call.',
};

export const QUICK_START_GUIDES: readonly QuickStartGuide[] = [
  {
    file: 'monitor-quick-start.pdf',
    title: 'Monitor quick-start guide',
    subtitle: 'Temperature, humidity and power monitoring over cellular',
    sections: [
      {
        heading: 'In the box',
        text: 'The monitor, its power adapter with battery backup, and this guide. The 6-character serial number is printed on the label on the back of the monitor.',
      },
      {
        heading: '1. Place and plug in',
        steps: [
          'Choose a central spot away from heaters, vents, open windows and direct sun.',
          'Keep it off the floor where water could pool, and near a standard power outlet.',
          'Plug the adapter in. The light blinks while the monitor finds the cellular network and turns solid once connected, usually within 5 minutes.',
        ],
      },
      {
        heading: '2. Register it',
        steps: [
          'On your account site, create an account or sign in, then open My Devices and choose Add a device.',
          'Enter the serial number, a name (for example "Cabin kitchen") and the time zone of the property.',
          'Choose a monitoring plan and enter your billing details. Plans start from as low as $8.25 per month, with no long contracts.',
        ],
      },
      {
        heading: '3. Set your alarms',
        steps: [
          'Set the low and high temperature you consider safe; most homes use 45 °F and 85 °F.',
          'Set a humidity range if mould or condensation is a worry.',
          'Add the people to alert and how: e-mail, text message or voice call, for each kind of alarm.',
        ],
      },
      {
        heading: '4. Check it works',
        steps: [
          'Open the device in My Devices: the first reading appears within a few minutes.',
          'Unplug the monitor for a minute: a power-loss alert arrives, then a power-restored alert when you plug it back in.',
        ],
      },
      SUPPORT,
    ],
  },
  {
    file: 'professional-monitor-quick-start.pdf',
    title: 'Professional monitor quick-start guide',
    subtitle: 'For restaurants, pharmacies, labs, greenhouses and server rooms',
    sections: [
      {
        heading: 'Before you start',
        text: 'The professional monitor reports like the home monitor and adds staff sub-accounts, so each employee signs in with their own e-mail address and sees only the units you share with them.',
      },
      {
        heading: '1. Install',
        steps: [
          'Mount or place the monitor beside the refrigerator, freezer or rack you watch; run the probe cable inside, sealed by the door gasket.',
          'Plug in the adapter and wait for the light to turn solid (cellular connection made).',
        ],
      },
      {
        heading: '2. Register and set ranges',
        steps: [
          'Sign in, open My Devices and choose Add a device; enter the serial number on the label.',
          'Set ranges to your food-safety or storage rules, for example 33 °F to 41 °F for a walk-in cooler or -10 °F to 0 °F for a freezer.',
          'Choose how long a reading may stay out of range before the alarm, so door openings at delivery time do not wake anyone.',
        ],
      },
      {
        heading: '3. Add your staff',
        steps: [
          'Open the device and choose Sub-accounts, then add each employee by name and e-mail.',
          'Each receives an invitation to set a password; they see the device and its history from the day they are added.',
          'Put the people on duty in the notification schedule for each alarm type.',
        ],
      },
      {
        heading: '4. Keep your records',
        steps: [
          'History shows every reading by day, week, month or year, as a graph or a table.',
          'Export the table for inspections and audits.',
        ],
      },
      SUPPORT,
    ],
  },
  {
    file: 'nist-monitor-guide.pdf',
    title: 'NIST-certified monitor guide',
    subtitle: 'Calibrated monitoring for vaccines, medicines and laboratory storage',
    sections: [
      {
        heading: 'Your calibration certificate',
        text: 'Each NIST-certified monitor is calibrated against a reference instrument traceable to NIST before it ships. Its certificate, with the as-found and as-left readings, the calibration date and the date recalibration is due, can be downloaded from the device page.',
      },
      {
        heading: '1. Set up',
        steps: [
          'Place the probe in the centre of the storage unit, away from the walls and the cooling vents, ideally in a glycol bottle that damps door-opening spikes.',
          'Plug in the monitor and register it from My Devices with its serial number.',
          'Set ranges to your storage rule, for example 36 °F to 46 °F (2 °C to 8 °C) for refrigerated vaccines.',
        ],
      },
      {
        heading: '2. Daily use',
        steps: [
          'Check the current, minimum and maximum readings on the device page at the start of each day.',
          'Acknowledge alarms and note what was done; the history keeps every reading.',
        ],
      },
      {
        heading: '3. Recalibration',
        steps: [
          'The certificate shows when recalibration is due, usually every one or two years.',
          'Contact us before that date to arrange a recalibrated replacement so monitoring never stops.',
        ],
      },
      SUPPORT,
    ],
  },
  {
    file: 'sensor-puck-guide.pdf',
    title: 'Sensor puck guide',
    subtitle: 'Wireless temperature, humidity and water sensors that report through your monitor',
    sections: [
      {
        heading: 'What a puck does',
        text: 'A puck is a small battery-powered sensor that watches a second spot: another room, a crawl space, a freezer or the floor beside the water heater. It reports through your monitor, so it needs no cellular plan of its own.',
      },
      {
        heading: '1. Add the puck',
        steps: [
          'Open the monitor the puck will report through and choose Add a puck.',
          'Enter the 8-character puck serial number printed on its back.',
          'Name it, set its temperature or humidity ranges, and choose who is alerted.',
        ],
      },
      {
        heading: '2. Place it',
        steps: [
          'Keep the puck within about 100 feet of the monitor; walls and metal shorten the range.',
          'For water detection, lay the puck flat on the floor where a leak would collect first.',
          'Wait for its first reading on the device page before leaving it.',
        ],
      },
      {
        heading: '3. Batteries',
        steps: [
          'The battery level shows on the device page, and a low-battery alert is sent in good time.',
          'Replace with the same type of coin cell; the puck keeps its settings.',
        ],
      },
      SUPPORT,
    ],
  },
];

const INK = '#1f2933';
const MUTED = '#52606d';
const ACCENT = '#1c5d99';

/** Draws one guide on US Letter pages; the stream is ended, pipe it where it is kept. */
export function renderQuickStartGuide(guide: QuickStartGuide): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 60,
    info: { Title: guide.title, Subject: guide.subtitle },
  });
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(24).text(guide.title);
  doc.moveDown(0.2).fillColor(MUTED).font('Helvetica').fontSize(12).text(guide.subtitle);
  doc
    .moveDown(0.6)
    .strokeColor(ACCENT)
    .lineWidth(1.5)
    .moveTo(60, doc.y)
    .lineTo(doc.page.width - 60, doc.y)
    .stroke();
  doc.moveDown(1);
  for (const section of guide.sections) {
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(14).text(section.heading);
    doc.moveDown(0.3).font('Helvetica').fontSize(11).fillColor(INK);
    if (section.text) doc.text(section.text, { lineGap: 2 });
    if (section.steps) doc.list(section.steps, { bulletRadius: 2, lineGap: 2, paragraphGap: 4 });
    doc.moveDown(0.9);
  }
  doc.end();
  return doc;
}
