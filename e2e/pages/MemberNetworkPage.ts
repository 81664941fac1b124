import type { Locator, Page } from '@playwright/test';
import type { Leg } from './PlacementPage';

/** `/member-network`: the binary tree from the member (or from one below, `?root=`), with each side's team counted. */
export class MemberNetworkPage {
  readonly page: Page;
  readonly notPlaced: Locator;
  readonly rootSummary: Locator;
  readonly upOneLevelButton: Locator;
  /** Shown twice when the root asked for is refused: in the message and in the page's toolbar. */
  readonly backToMeButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.notPlaced = page.getByTestId('not-placed');
    this.rootSummary = page.getByTestId('tree-root-summary');
    this.upOneLevelButton = page.getByRole('button', { name: 'Up one level' });
    this.backToMeButton = page.getByRole('button', { name: 'Back to me' });
  }

  /** With `rootId`, the tree from that member down. */
  async goto(rootId?: number) {
    await this.page.goto(rootId === undefined ? '/member-network' : `/member-network?root=${rootId}`);
  }

  node(username: string): Locator {
    return this.page.getByTestId(`tree-node-${username}`);
  }

  /** The count of a node's team on one side. */
  teamCount(username: string, side: Leg): Locator {
    return this.node(username).getByTestId(`${side}-count`);
  }

  freeSlot(parent: string, side: Leg): Locator {
    return this.page.getByTestId(`slot-${parent}-${side}`);
  }
}
