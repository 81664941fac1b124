import sharp from 'sharp';
import { toBaseUnits } from '@portal/contract';
import type { Actor } from '../../apps/api/src/audit/write-audit';
import type { AppContext } from '../../apps/api/src/context';
import { createProduct } from '../../apps/api/src/products/create-product';
import { setProductImage } from '../../apps/api/src/products/set-product-image';
import { AppError } from '../../apps/api/src/shared/errors';

/**
 * The demo's product catalogue: what an admin adds under Products, each
 * with a picture uploaded the way the Products page uploads one
 * (products/set-product-image.ts: checked, re-encoded, stored by its
 * hash). The pictures are drawn here as SVG and turned into PNG by sharp:
 * nothing is downloaded, and no text is drawn (a machine without fonts
 * draws the same picture).
 */
interface DemoProduct {
  name: string;
  description: string;
  /** Points. */
  price: string;
  stock: number;
  /** Background colours of the picture, and the object drawn on it (SVG, 600 × 600). */
  colours: [string, string];
  shape: string;
}

const INK = '#ffffff';
const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: 'Travel mug',
    description: 'Insulated steel mug, 350 ml: keeps coffee hot for four hours.',
    price: '15',
    stock: 120,
    colours: ['#0d47a1', '#42a5f5'],
    shape: `<rect x="190" y="180" width="180" height="250" rx="24" fill="${INK}"/><path d="M370 240 h40 a40 40 0 0 1 0 110 h-40" fill="none" stroke="${INK}" stroke-width="28"/><rect x="175" y="160" width="210" height="36" rx="12" fill="#bbdefb"/>`,
  },
  {
    name: 'Team T-shirt',
    description: 'Organic cotton T-shirt with the team logo. Sizes S to XXL.',
    price: '25',
    stock: 80,
    colours: ['#1b5e20', '#66bb6a'],
    shape: `<path d="M220 150 l-100 60 40 80 50-25 v205 h180 v-205 l50 25 40-80 -100-60 q-80 50 -160 0z" fill="${INK}"/><circle cx="300" cy="290" r="36" fill="#a5d6a7"/>`,
  },
  {
    name: 'Baseball cap',
    description: 'Adjustable cap, embroidered front, one size.',
    price: '18',
    stock: 60,
    colours: ['#b71c1c', '#ef5350'],
    shape: `<path d="M160 360 a140 140 0 0 1 280 0z" fill="${INK}"/><path d="M400 350 q110 0 120 40 h-160z" fill="#ffcdd2"/><circle cx="300" cy="215" r="14" fill="#ffcdd2"/>`,
  },
  {
    name: 'Notebook set',
    description: 'Three A5 notebooks, dotted paper, lay-flat binding.',
    price: '12',
    stock: 200,
    colours: ['#4a148c', '#ab47bc'],
    shape: `<rect x="170" y="150" width="220" height="300" rx="10" fill="#e1bee7"/><rect x="200" y="170" width="220" height="300" rx="10" fill="${INK}"/><rect x="230" y="220" width="160" height="14" rx="7" fill="#ce93d8"/><rect x="230" y="260" width="120" height="14" rx="7" fill="#ce93d8"/>`,
  },
  {
    name: 'Water bottle',
    description: 'Leak-proof 750 ml bottle, BPA free.',
    price: '20',
    stock: 90,
    colours: ['#006064', '#26c6da'],
    shape: `<rect x="265" y="120" width="70" height="50" rx="10" fill="#b2ebf2"/><path d="M240 200 q0-30 30-30 h60 q30 0 30 30 v260 q0 20-20 20 h-80 q-20 0-20-20z" fill="${INK}"/><rect x="240" y="300" width="120" height="60" fill="#80deea"/>`,
  },
  {
    name: 'Backpack',
    description: 'Laptop backpack, 20 litres, water-repellent.',
    price: '60',
    stock: 25,
    colours: ['#e65100', '#ffa726'],
    shape: `<path d="M250 170 a50 50 0 0 1 100 0" fill="none" stroke="${INK}" stroke-width="20"/><rect x="190" y="170" width="220" height="290" rx="50" fill="${INK}"/><rect x="230" y="330" width="140" height="90" rx="20" fill="#ffcc80"/>`,
  },
  {
    name: 'Wireless headphones',
    description: 'Over-ear headphones, 30 hours of battery, noise cancelling.',
    price: '150',
    stock: 10,
    colours: ['#263238', '#78909c'],
    shape: `<path d="M170 350 v-50 a130 130 0 0 1 260 0 v50" fill="none" stroke="${INK}" stroke-width="26"/><rect x="150" y="320" width="70" height="120" rx="24" fill="${INK}"/><rect x="380" y="320" width="70" height="120" rx="24" fill="${INK}"/>`,
  },
  {
    name: 'Weekend retreat voucher',
    description: 'Two nights for two at a partner hotel. Dates on request.',
    price: '400',
    stock: 3,
    colours: ['#880e4f', '#f06292'],
    shape: `<rect x="130" y="200" width="340" height="200" rx="20" fill="${INK}"/><rect x="280" y="200" width="40" height="200" fill="#f8bbd0"/><path d="M300 200 q-60-70 -90-20 q30 30 90 20 q60 10 90-20 q-30-50 -90 20z" fill="#f8bbd0"/>`,
  },
];

/** A product's picture: its SVG drawn by sharp into a PNG, as an admin's upload. */
async function pictureOf(product: Pick<DemoProduct, 'colours' | 'shape'>): Promise<Buffer> {
  const [from, to] = product.colours;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="600" height="600" fill="url(#g)"/>${product.shape}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Adds the catalogue through the products service, each product with its
 * picture. A name the catalogue already holds (an operator's own product)
 * is left alone. Answers the products added, by price.
 */
export async function addCatalogue(
  ctx: AppContext,
  admin: Actor,
): Promise<Array<{ id: number; price: bigint; name: string }>> {
  const added: Array<{ id: number; price: bigint; name: string }> = [];
  for (const item of DEMO_PRODUCTS) {
    try {
      const product = await createProduct(ctx, admin, {
        name: item.name,
        description: item.description,
        price: item.price,
        stock: item.stock,
        active: true,
      });
      await setProductImage(ctx, admin, product.id, await pictureOf(item));
      added.push({ id: product.id, price: toBaseUnits(item.price), name: item.name });
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'PRODUCT_NAME_TAKEN') throw error;
    }
  }
  return added.sort((a, b) => (a.price < b.price ? -1 : a.price > b.price ? 1 : 0));
}
