/**
 * The sign-in page as a phone on a slow network meets it: the production build served by a portal process
 * (`npm run build` first; it is skipped when dist/ is up to date), measured by Lighthouse 12 in Debian's Chromium
 * with its default mobile settings (a mid-range phone, throttled). Prints the bytes the page transferred, its
 * scripts' share, and the four category scores. `npm run bench -- sign-in-page`.
 */
import { execFileSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_LAUNCH } from '../../e2e/support/constants';
import { round, type BenchContext, type Figure, type Scenario } from '../lib/scenario';
import { startServerProcess } from '../lib/server';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

const scenario: Scenario = {
  name: 'sign-in-page',
  description: 'the sign-in page under Lighthouse (mobile, throttled): bytes transferred and the category scores',
  async run(ctx: BenchContext): Promise<Figure[]> {
    execFileSync('npm', ['run', 'build'], { stdio: 'ignore' });
    const server = await startServerProcess({ databaseUrl: ctx.databaseUrl, adminPassword: 'Bench-Admin-Pass-2026' });
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_LAUNCH.executablePath,
      chromeFlags: CHROMIUM_LAUNCH.args,
    });
    try {
      const result = await lighthouse(`${server.baseUrl}/login`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error('Lighthouse returned no result');
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      const details = lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined;
      const requests = details?.items ?? [];
      const total = requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
      const scripts = requests
        .filter((r) => r.resourceType === 'Script')
        .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
      const paint = (id: string) => round((lhr.audits[id]?.numericValue ?? 0) / 1000, 2);
      ctx.log(
        `total blocking time ${round(lhr.audits['total-blocking-time']?.numericValue ?? 0, 0)} ms, layout shift ${round(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0, 3)}, speed index ${paint('speed-index')} s`,
      );
      ctx.log(
        `transferred ${(total / 1024).toFixed(1)} KB in ${requests.length} requests, of which scripts ${(scripts / 1024).toFixed(1)} KB; first contentful paint ${paint('first-contentful-paint')} s, largest ${paint('largest-contentful-paint')} s`,
      );
      const figures: Figure[] = [
        { metric: 'sign-in page, bytes transferred', value: total, unit: 'B', note: `${requests.length} requests` },
        { metric: 'sign-in page, script bytes transferred', value: scripts, unit: 'B' },
        { metric: 'first contentful paint (Lighthouse, mobile)', value: paint('first-contentful-paint'), unit: 's' },
        {
          metric: 'largest contentful paint (Lighthouse, mobile)',
          value: paint('largest-contentful-paint'),
          unit: 's',
        },
      ];
      for (const id of CATEGORIES) {
        const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
        ctx.log(`${id}: ${score}`);
        figures.push({
          metric: `Lighthouse ${id}`,
          value: score,
          unit: '/100',
          note: id === 'performance' ? 'goal ≥ 95' : 'goal 100',
        });
      }
      return figures;
    } finally {
      chrome.kill();
      await server.close();
    }
  },
};

export default scenario;
