import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { useLocation, useNavigate } from 'react-router';
import { TERM_LIST, type Term } from '../../shared/vocabulary';

const SECTIONS: ReadonlyArray<{ group: Term['group']; title: string }> = [
  { group: 'members', title: 'Members and accounts' },
  { group: 'requests', title: 'Requests and their states' },
  { group: 'money', title: 'Wallets and money' },
];

/** One section's terms as a definition list, each term an anchor (`#hot-wallet`); the one linked to is marked. */
function TermList({ terms, target }: { terms: readonly Term[]; target: string }) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {terms.map((t) => (
        <Box
          key={t.id}
          id={t.anchor}
          sx={{
            scrollMarginTop: 16,
            py: 2,
            pl: 3,
            borderLeft: 3,
            borderColor: t.anchor === target ? 'primary.main' : 'transparent',
          }}
        >
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {t.word}
          </Typography>
          <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
            {t.definition}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** /glossary: every word the pages show for a status, a wallet or a figure, defined once (shared/vocabulary.ts). */
export function GlossaryPage() {
  const { hash, key } = useLocation();
  const navigate = useNavigate();
  const target = decodeURIComponent(hash.slice(1));
  // The router changes the URL without the browser's own jump to the anchor: scroll to it here.
  useEffect(() => {
    if (target) document.getElementById(target)?.scrollIntoView?.();
  }, [target]);
  // Opened from a help icon: back to that page; opened directly (no earlier entry), to the dashboard.
  const back = () => void (key === 'default' ? navigate('/dashboard') : navigate(-1));

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', mt: { xs: 2, sm: 6 } }}>
      <Card>
        <CardContent>
          <Stack spacing={5}>
            <Box>
              <Button size="small" startIcon={<ArrowBackOutlined />} onClick={back} sx={{ mb: 2 }}>
                Back
              </Button>
              <Typography variant="h4" component="h1">
                Glossary
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                What the words on the portal&apos;s pages mean. The help icons beside them lead here.
              </Typography>
            </Box>
            {SECTIONS.map((section) => (
              <Box component="section" key={section.group} aria-labelledby={`glossary-${section.group}`}>
                <Typography variant="h5" component="h2" id={`glossary-${section.group}`} sx={{ mb: 1 }}>
                  {section.title}
                </Typography>
                <TermList terms={TERM_LIST.filter((t) => t.group === section.group)} target={target} />
              </Box>
            ))}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
