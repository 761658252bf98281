/** What the FAQ answers name: the brand's own name and support contacts (brand settings). */
export type FaqBrand = { name: string; phone: string; email: string };

export type LandingFaqItem = { question: string; answer: string };

/**
 * The 13 expandable questions of the promotion landing page (store-and-public-site §2 "Landing
 * pages"). The spec gives their number, not their words: these answer what a buyer asks before
 * claiming the price, with the facts the rest of the site states (§9: plans from $8.25 a month,
 * 30-day returns, one-year warranty).
 */
export function landingFaqItems(brand: FaqBrand): LandingFaqItem[] {
  return [
    {
      question: 'What does the monitor do?',
      answer: `The ${brand.name} monitor watches temperature, humidity and power where you plug it in, and tells you the moment something goes wrong: a furnace that stops, a freezer that warms up, a power cut or a pipe that freezes.`,
    },
    {
      question: 'Do I need Wi-Fi, a landline or a computer at the property?',
      answer:
        'No. The monitor has its own built-in cellular connection and reports on its own. All it needs is a standard power outlet and cellular coverage, which most of the country has.',
    },
    {
      question: 'Which cellular network does it use, and do I need my own phone plan?',
      answer:
        'The monitor comes with its cellular service included in the monitoring plan; you do not sign up with a carrier or add it to your own phone plan. It works wherever its carrier has coverage.',
    },
    {
      question: 'How much is the monitoring plan?',
      answer:
        'Plans start from as low as $8.25 per month, with no long contracts. You choose monthly, seasonal or annual billing when you register the monitor, and you can suspend it for the off-season from your account.',
    },
    {
      question: 'What does the promotion price include?',
      answer:
        'The promotion price is for the monitor itself. The code is applied in the cart, where you also see shipping and sales tax before you pay. The monitoring plan is chosen and billed when you register the monitor.',
    },
    {
      question: 'How am I alerted?',
      answer:
        'By e-mail, text message or voice call, to as many addresses and phone numbers as you like. You decide which alarms go to whom, and you get another message when things are back to normal.',
    },
    {
      question: 'Which alarms can I set?',
      answer:
        'High and low temperature, high and low humidity, power loss and power restored, and water detection with a sensor puck. Each alarm has its own range and its own list of people to tell.',
    },
    {
      question: 'What are sensor pucks?',
      answer:
        'Small wireless sensors that report through the monitor. Place them in another room, a crawl space or beside the water heater to watch temperature, humidity or water in more than one spot.',
    },
    {
      question: 'What happens when the power goes out?',
      answer:
        'A battery backup keeps the monitor running. It reports the outage straight away, keeps sending readings on battery and tells you when power comes back.',
    },
    {
      question: 'How do I check on my property?',
      answer:
        'Sign in on the web or in the mobile app to see the latest readings, their history and every alarm. An instant update asks the monitor for a fresh reading on demand.',
    },
    {
      question: 'How long does shipping take?',
      answer:
        'Regular shipping usually arrives within 3 business days of your order; overnight shipping is offered at checkout. The cart shows the expected delivery date before you pay.',
    },
    {
      question: 'Can I return it?',
      answer:
        'Yes. If you are not satisfied within 30 days of delivery, send the monitor back in its original packaging for a full refund of its price. The monitor also has a one-year limited warranty.',
    },
    {
      question: 'Who do I call with questions?',
      answer: `Our support team: call ${brand.phone} or write to ${brand.email}. We are happy to help you choose, set up or move your monitor.`,
    },
  ];
}
