import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import type { TypographyVariant } from '@mui/material/styles';
import { tonalTextShade } from '../../app/theme/tokens';
import { StatusChip } from '../../shared/components/StatusChip';
import { AA_NORMAL, contrastRatio, formatRatio } from './contrast';
import { Section } from './Section';

/** The theme's variants (`app/theme/theme.ts`), in the order of the scale. */
const VARIANTS: TypographyVariant[] = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'subtitle1',
  'subtitle2',
  'body1',
  'body2',
  'button',
  'caption',
  'overline',
];

const COLORS = ['primary', 'secondary', 'success', 'info', 'warning', 'error'] as const;

/** The size in px of a theme font size (`"0.9375rem"`, or px as a number). */
function sizeInPx(theme: Theme, size: string | number | undefined): string {
  if (typeof size === 'number') return `${size} px`;
  if (!size) return '—';
  const rem = /^([\d.]+)rem$/.exec(size);
  return rem ? `${Math.round(Number(rem[1]) * theme.typography.htmlFontSize * 100) / 100} px` : size;
}

interface Pair {
  name: string;
  use: string;
  foreground: string;
  background: string;
  /** What is under a translucent background, down to an opaque surface. */
  under?: string[];
}

/** The colour pairs the pages show text in, read from the theme of the current mode. */
function pairsOf(theme: Theme): Pair[] {
  const { palette } = theme;
  const paper = palette.background.paper;
  const page = palette.background.default;
  const tonal = tonalTextShade(palette.mode);
  return [
    { name: 'text.primary', use: 'Body text on a card', foreground: palette.text.primary, background: paper },
    {
      name: 'text.secondary',
      use: 'Labels and notes on a card',
      foreground: palette.text.secondary,
      background: paper,
    },
    { name: 'text.primary on the page', use: 'Page titles', foreground: palette.text.primary, background: page },
    { name: 'text.secondary on the page', use: 'Page notes', foreground: palette.text.secondary, background: page },
    ...COLORS.flatMap((color): Pair[] => [
      { name: `${color}.main`, use: `Text and links in ${color}`, foreground: palette[color].main, background: paper },
      {
        name: `${color}.contrastText on ${color}.main`,
        use: 'A contained button',
        foreground: palette[color].contrastText,
        background: palette[color].main,
      },
      {
        name: `${color}.${tonal} on its tint`,
        use: 'A tonal chip or avatar',
        foreground: palette[color][tonal],
        background: alpha(palette[color].main, 0.16),
        under: [paper],
      },
    ]),
  ];
}

/** /typography: the theme's type scale and its colours with their contrast, both read from the theme. */
export function TypographyPage() {
  const theme = useTheme();
  return (
    <>
      <Section
        title="Type scale"
        description={`Each variant of the theme, its size, weight and line height read from the theme (font: ${theme.typography.fontFamily?.split(',')[0]}).`}
      >
        <Card>
          <CardContent sx={{ display: 'grid', gap: 4 }}>
            {VARIANTS.map((variant) => {
              const style = theme.typography[variant];
              return (
                <Box
                  key={variant}
                  data-testid={`type-${variant}`}
                  sx={{ borderBottom: 1, borderColor: 'divider', pb: 3, minWidth: 0 }}
                >
                  <Typography variant={variant} component="p" sx={{ overflowWrap: 'anywhere' }}>
                    {variant === 'overline' || variant === 'caption' ? 'Members portal' : 'Members portal 1,234.57'}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    <code>{variant}</code> · {sizeInPx(theme, style.fontSize)} · weight {String(style.fontWeight)} ·
                    line height {String(style.lineHeight)}
                  </Typography>
                </Box>
              );
            })}
          </CardContent>
        </Card>
      </Section>
      <Section
        title="Colour palette"
        description={`The ${theme.palette.mode} palette: each colour as the pages use it, with its contrast ratio computed from the theme. WCAG AA asks ${AA_NORMAL}:1 for body text.`}
      >
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {pairsOf(theme).map((pair) => {
            const ratio = contrastRatio(pair.foreground, pair.background, ...(pair.under ?? []));
            const pass = ratio >= AA_NORMAL;
            return (
              <Card key={pair.name} data-testid={`contrast-${pair.name}`}>
                <Box sx={{ px: 5, py: 4, bgcolor: pair.under?.[0] ?? 'transparent' }}>
                  <Box
                    sx={{
                      bgcolor: pair.background,
                      color: pair.foreground,
                      px: 3,
                      py: 2,
                      borderRadius: 1,
                      fontWeight: 500,
                    }}
                  >
                    Aa Sample text
                  </Box>
                </Box>
                <CardContent sx={{ pt: 0 }}>
                  <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                    {pair.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {pair.use}
                  </Typography>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
                    <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatRatio(ratio)}
                    </Typography>
                    <StatusChip status={pass ? 'approved' : 'failed'} label={pass ? 'AA pass' : 'AA fail'} />
                  </Box>
                </CardContent>
              </Card>
            );
          })}
        </Box>
      </Section>
    </>
  );
}
