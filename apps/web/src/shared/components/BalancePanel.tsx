import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { Money } from './Money';

export interface BalanceLine {
  label: string;
  /** The balance as the API answered it; undefined while it loads. */
  value?: string;
  unit: string;
  testId: string;
}

export interface BalancePanelProps {
  title: string;
  lines: BalanceLine[];
  /** The histories and next steps beside the form. */
  links: { to: string; label: string }[];
}

/**
 * The card beside a money form: what the member has to spend, and where the
 * history is. One balance reads large; several read a size smaller.
 */
export function BalancePanel({ title, lines, links }: BalancePanelProps) {
  const variant = lines.length === 1 ? 'h4' : 'h5';
  return (
    <Card>
      <CardHeader title={title} />
      <CardContent>
        {lines.map((line, index) => (
          <div key={line.testId}>
            <Typography variant="body2" color="text.secondary">
              {line.label}
            </Typography>
            <Typography
              variant={variant}
              component="p"
              sx={{ mb: index === lines.length - 1 ? 4 : 3 }}
              data-testid={line.testId}
            >
              {line.value === undefined ? '—' : <Money value={line.value} unit={line.unit} />}
            </Typography>
          </div>
        ))}
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', gap: 2 }}>
          {links.map((link) => (
            <Button key={link.to} component={Link} to={link.to} variant="outlined" size="small">
              {link.label}
            </Button>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
