import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { formatRatio, percentile, startProduct } from './support';
import { measureSignInOnWire } from './web-wire';
import {
  launchChromium,
  serveBuiltApp,
  timeDevicesPage,
  type DevicesPageTimes,
  type DeviceView,
} from './web-render';
import { chunksFor, heaviestChunks, measureChunks, readManifest, type Manifest } from './web-size';

/**
 * The web app as a browser gets it, on a fresh production build (`vite build`):
 * - size: the JavaScript (gzip) the sign-in page needs — the entry and its static imports, as
 *   LoginPage ships in the first download — against the aim of 150 kB, and the device area
 *   (/devices, /devices/:id: the entry plus each route's lazy chunk), against sign-in;
 * - render: time to draw the first screen of the device list with 200 devices in real Chromium,
 *   the API answered by fixtures, against the same page with 1 device in the same run (aim:
 *   1.5x, issue #26), and when the 200th is drawn; dashboard and list views.
 */
const WEB_DIR = fileURLToPath(new URL('../apps/web', import.meta.url));
const SIGN_IN_AIM_BYTES = 150 * 1000;
const MANY_DEVICES = 200;
const ROUNDS = Number(process.env.BENCH_WEB_ROUNDS ?? 7);

const MEMBER_ROUTES = 'src/app/routes/member-routes.ts';

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function benchSize(distDir: string): void {
  const manifest = readManifest(distDir);
  const signIn = chunksFor(manifest, []);
  const routes: [string, string[]][] = [
    ['/login (sign-in)', []],
    // The signed-in pages load behind app/routes/member-routes.ts (decision 048).
    ['/devices', [MEMBER_ROUTES, 'src/app/routes/devices-page.tsx']],
    ['/devices/:id', [MEMBER_ROUTES, 'src/app/routes/device-detail-page.tsx']],
    [
      '/devices then /devices/:id',
      [MEMBER_ROUTES, 'src/app/routes/devices-page.tsx', 'src/app/routes/device-detail-page.tsx'],
    ],
    // The add-device wizard and the billing screens (issue #14): the card fields' own script is
    // the processor's, loaded from it (local) or braintree-web's chunk, counted below.
    ['/devices/add (wizard)', [MEMBER_ROUTES, 'src/app/routes/add-device-page.tsx']],
    ['/multi-unit-registration', [MEMBER_ROUTES, 'src/app/routes/multi-unit-page.tsx']],
    ['/devices/:id/subscription', [MEMBER_ROUTES, 'src/app/routes/subscription-page.tsx']],
    ['/account', [MEMBER_ROUTES, 'src/app/routes/account-page.tsx']],
    // The public side (issue #15): the landings, the replacement offer and the contact form
    // load behind info-pages' chunk (app/routes/info-pages.tsx); the home page's sections below
    // the hero load after it renders (app/routes/home-sections.tsx, decision 048).
    ['/ (home)', ['src/app/routes/home-page.tsx']],
    [
      '/ (home, all sections)',
      ['src/app/routes/home-page.tsx', 'src/app/routes/home-sections.tsx'],
    ],
    [
      '/contact',
      ['src/app/routes/info-pages.tsx', 'src/features/contact/components/contact-form.tsx'],
    ],
    [
      '/promotions, /marcell-pro',
      ['src/app/routes/info-pages.tsx', 'src/app/routes/landing-pages.tsx'],
    ],
    [
      '/deviceupgrade',
      ['src/app/routes/info-pages.tsx', 'src/app/routes/replacement-offer-page.tsx'],
    ],
  ];
  const signInSize = measureChunks(distDir, manifest, signIn);
  console.log('web size: JavaScript per route, gzip (raw)');
  for (const [route, lazy] of routes) {
    const size = measureChunks(distDir, manifest, chunksFor(manifest, lazy));
    console.log(
      `  ${route.padEnd(28)} ${kB(size.gzipBytes).padStart(9)} (${kB(size.rawBytes)}, ${size.files} files)` +
        `  ${formatRatio(size.gzipBytes / signInSize.gzipBytes)} sign-in`,
    );
  }
  // braintree-web is imported only when the client token is Braintree's (decision 038).
  const braintree = Object.keys(manifest).filter((key) => key.includes('braintree-web'));
  if (braintree.length > 0) {
    const size = measureChunks(distDir, manifest, new Set(braintree));
    console.log(
      `  ${'+ Braintree card fields'.padEnd(28)} ${kB(size.gzipBytes).padStart(9)} (${kB(size.rawBytes)}, ${size.files} files)` +
        '  only with a Braintree client token',
    );
  }
  benchServiceWorker(distDir, manifest, signIn);
  console.log(
    `  sign-in against the 150 kB aim: ${formatRatio(signInSize.gzipBytes / SIGN_IN_AIM_BYTES)}` +
      ` (heaviest: ${heaviestChunks(distDir, manifest, signIn)
        .map((chunk) => `${chunk.file} ${kB(chunk.gzipBytes)}`)
        .join(', ')})`,
  );
}

/** The service worker's registration, loaded after the first page (issue #27, decision 084). */
const SW_REGISTRATION = 'src/app/pwa/register-service-worker.tsx';

/**
 * The service worker adds nothing to the sign-in page's first download: its registration (and
 * workbox-window) is a chunk of its own, loaded after the page, and the worker is fetched by the
 * browser apart. Fails when the registration is among the sign-in page's chunks.
 */
function benchServiceWorker(distDir: string, manifest: Manifest, signIn: Set<string>): void {
  if (!manifest[SW_REGISTRATION]) throw new Error(`web size: the build has no ${SW_REGISTRATION}`);
  if (signIn.has(SW_REGISTRATION))
    throw new Error('web size: the service worker registration is in the sign-in first download');
  const registration = measureChunks(distDir, manifest, chunksFor(manifest, [SW_REGISTRATION]));
  const extra = registration.gzipBytes - measureChunks(distDir, manifest, signIn).gzipBytes;
  const worker = readFileSync(join(distDir, 'sw.js'));
  console.log(
    `  ${'+ service worker (after load)'.padEnd(28)} ${kB(extra).padStart(9)} registration,` +
      ` ${kB(gzipSync(worker, { level: 9 }).length)} sw.js; 0 kB in the sign-in first download`,
  );
}

/** The sign-in page's first download as the real server sends it (decision 069). */
async function benchWire(distDir: string): Promise<void> {
  const product = await startProduct(Number(process.env.BENCH_WEB_PORT ?? 3497), {
    env: { WEB_DIST: distDir },
  });
  try {
    const size = await measureSignInOnWire(product.url, readManifest(distDir));
    const encodings = Object.entries(size.byEncoding)
      .map(([encoding, count]) => `${count} ${encoding}`)
      .join(', ');
    console.log(
      `web wire: /login first download from the real server, Accept-Encoding: br, gzip:` +
        ` ${kB(size.bytes)} in ${size.files} files (${encodings})` +
        `  ${formatRatio(size.bytes / SIGN_IN_AIM_BYTES)} the 150 kB aim`,
    );
    // The home page's first paint needs no script (issue #25): its hero heading is in the HTML.
    const home = await (await fetch(`${product.url}/`)).text();
    const heading = /<h1[^>]*id="hero-title"[^>]*>([^<]+)/.exec(home)?.[1];
    if (!heading) throw new Error('web wire: the served home page holds no hero heading');
    console.log(`web wire: / served with its hero heading in the HTML: "${heading.trim()}"`);
  } finally {
    product.stop();
    await product.stopped;
  }
}

async function benchRender(distDir: string): Promise<void> {
  const { url, server } = await serveBuiltApp(distDir);
  const browser = await launchChromium();
  const unknown = new Set<string>();
  try {
    const views: DeviceView[] = ['dashboard', 'list'];
    for (const view of views) {
      const time = (deviceCount: number) =>
        timeDevicesPage(browser, url, { deviceCount, view, unknown });
      await time(1); // warm-up: Chromium's first page pays for its own start
      await time(MANY_DEVICES);
      const baseline: DevicesPageTimes[] = [];
      const many: DevicesPageTimes[] = [];
      // Side by side, alternating, so drift on a shared machine falls on both.
      for (let round = 0; round < ROUNDS; round += 1) {
        baseline.push(await time(1));
        many.push(await time(MANY_DEVICES));
      }
      const median = (times: DevicesPageTimes[], part: keyof DevicesPageTimes) =>
        percentile(
          times.map((t) => t[part]),
          50,
        );
      const [base, first, all] = [
        median(baseline, 'firstScreen'),
        median(many, 'firstScreen'),
        median(many, 'all'),
      ];
      console.log(
        `web render (${view} view, ${ROUNDS} rounds): first screen with ${MANY_DEVICES} devices median ${first.toFixed(0)} ms` +
          ` (p90 ${percentile(
            many.map((t) => t.firstScreen),
            90,
          ).toFixed(0)}), 1 device ${base.toFixed(0)} ms: ${formatRatio(first / base)}` +
          ` (aim 1.5x); all ${MANY_DEVICES} drawn at ${all.toFixed(0)} ms`,
      );
    }
    if (unknown.size > 0)
      console.log(`  calls answered 404 by the fixtures: ${[...unknown].join(', ')}`);
  } finally {
    await browser.close();
    server.close();
  }
}

export async function benchWeb(): Promise<void> {
  // Measure the code as it is now, in a build of its own: a build or dev server running at the
  // same time in apps/web cannot empty apps/web/dist under the bench. Inside the repository's
  // node_modules, so the render bundle finds the packages it leaves out (react, react-dom…): from
  // the system's temporary folder it could not load, and the home page was served unrendered.
  const cacheDir = join(WEB_DIR, '..', '..', 'node_modules', '.cache');
  mkdirSync(cacheDir, { recursive: true });
  const buildDir = mkdtempSync(join(cacheDir, 'bench-web-'));
  // The server finds the render bundle of the public pages beside the app (decision 071).
  const distDir = join(buildDir, 'dist');
  try {
    execFileSync(
      'npx',
      ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'],
      { cwd: WEB_DIR, stdio: 'inherit' },
    );
    execFileSync(
      'npx',
      [
        'vite',
        'build',
        '--logLevel',
        'warn',
        '--ssr',
        'src/entry-prerender.tsx',
        '--outDir',
        join(buildDir, 'dist-prerender'),
      ],
      { cwd: WEB_DIR, stdio: 'inherit' },
    );
    benchSize(distDir);
    await benchWire(distDir);
    await benchRender(distDir);
  } finally {
    rmSync(buildDir, { recursive: true, force: true });
  }
}
