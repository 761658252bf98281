import { Accordion, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useBrand } from '../../../../lib/brand-context';
import { InfoPage } from './info-page';

const FAQS = [
  {
    q: 'Do I need Wi-Fi or a landline?',
    a: 'No. The monitor has a built-in cellular connection and reports on its own. It only needs a standard power outlet.',
  },
  {
    q: 'What happens when the power goes out?',
    a: 'A battery backup keeps the monitor running. It reports the outage, keeps sending readings, and tells you when power is restored.',
  },
  {
    q: 'Who gets the alerts?',
    a: 'You choose. Alerts can go by e-mail, text message or voice call to as many addresses and phone numbers as you like, for each kind of alarm.',
  },
  {
    q: 'What does monitoring cost?',
    a: 'Plans start from as low as $8.25 per month, with no long contracts. Monthly, seasonal and annual plans are available.',
  },
  {
    q: 'Can I monitor water leaks or more than one room?',
    a: 'Yes. Wireless sensor pucks add temperature, humidity or water detection in other spots; up to 16 pucks can report through one monitor.',
  },
  {
    q: 'Can someone else see my device?',
    // Only PRO and NIST units have a sub-account page (device-management §2); a basic unit shares its alerts instead.
    a: 'On a PRO or NIST monitor, you can create sub-accounts for family members, neighbours or staff. They see the devices you share with them, from the day you add them. A basic monitor has no sub-accounts, but its alerts can go to anyone you add to its notifications.',
  },
  {
    q: 'What is an instant update?',
    a: 'Normally the monitor reports on a schedule. An instant update asks it to report right now, so you can check a reading on demand.',
  },
];

/** Frequently asked questions. */
export function FaqsContent() {
  const brand = useBrand();
  return (
    <InfoPage
      eyebrow="FAQS"
      title="Frequently asked questions"
      lead="Quick answers about the monitor, alerts and plans."
    >
      {/* Values become element ids the ARIA attributes point at, so no spaces or '?' in them. */}
      <Accordion variant="separated" radius="md" defaultValue="faq-0">
        {FAQS.map((faq, index) => (
          <Accordion.Item key={faq.q} value={`faq-${index}`}>
            <Accordion.Control>
              <Text fw={600}>{faq.q}</Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Text c="dark.5">{faq.a}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Text mt="xl" c="dimmed">
        Still have a question? Call {brand.phone} or visit{' '}
        <Anchor underline="always" component={Link} to="/support">
          support
        </Anchor>
        .
      </Text>
    </InfoPage>
  );
}
