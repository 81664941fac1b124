import { expect, type Locator } from '@playwright/test';

/**
 * Waits until a popup (an MUI menu or list box) is open and still, as a person
 * waits before choosing from it: visible, and its opening transition over. An
 * item clicked while the menu still grows (MUI's Grow scales it from its
 * corner) can be hit off its moving centre and reach no handler, which left
 * the user menu open with no logout sent in a full CI run.
 */
export async function waitForPopup(popup: Locator): Promise<void> {
  await expect(popup).toBeVisible();
  await popup.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
}
