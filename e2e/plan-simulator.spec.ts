import { expect, test } from '@playwright/test';
import { signInAdmin } from './support/api';
import { axeSerious } from './support/tour';

/**
 * The plan simulator as an operator lives it (docs/plan.md, "The plan
 * simulator"): "matching 8 % instead of 10 %" over the last 30 days, started
 * from the settings in force, followed to the end on its progress bar, and
 * the difference read; on a phone, in dark mode, with no serious axe-core
 * violation.
 */

// axe-core is injected inline, as in the tour.
test.use({ bypassCSP: true, colorScheme: 'dark', viewport: { width: 360, height: 740 } });

test('simulates matching 8 % instead of 10 % over 30 days and shows the difference', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/admin-plan-simulator');
  const form = page.getByRole('form', { name: 'Simulate the plan' });
  const matching = form.getByLabel('Matching rate');
  await expect(matching).toHaveValue('10');
  await expect(form.getByLabel('Days')).toHaveValue('30');
  await expect(form.getByLabel('Level 1')).toHaveValue('10');
  await matching.fill('8');
  await form.getByRole('button', { name: 'Start simulation' }).click();

  const run = page.getByTestId('simulation-run');
  await expect(run.getByText('matching 8 % instead of 10 %').first()).toBeVisible();
  await expect(run.getByRole('progressbar', { name: /Simulation #\d+ progress/ })).toBeVisible();
  // The run's own status line (the chart has a live region of its own).
  await expect(run.getByRole('status').filter({ hasText: 'days replayed' })).toHaveText(
    /30 of 30 days replayed \(100 %\)/,
    {
      timeout: 30_000,
    },
  );
  await expect(run.getByText('Done').first()).toBeVisible();
  await expect(page.getByTestId('simulation-bonuses')).toContainText('→');
  await expect(page.getByTestId('simulation-ratio')).toContainText('→');
  await expect(page.getByTestId('simulation-members')).not.toHaveText('—');
  await expect(page.getByRole('table', { name: 'Past simulations' })).toContainText('matching 8 % instead of 10 %');
  expect(await axeSerious(page)).toEqual([]);
});
