import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import { Link as RouterLink } from 'react-router';
import { glossaryHref, term, type TermId } from '../vocabulary';

/** "hot wallet" in a question, "BV" kept as it is written. */
const inSentence = (word: string) => (word === word.toUpperCase() ? word : word.toLowerCase());

/**
 * A help icon beside a word a user may ask about: its tooltip gives the vocabulary's definition and links to the
 * glossary entry, and the button itself opens that entry (keyboard users cannot reach a link inside a tooltip).
 */
export function TermHelp({ id }: { id: TermId }) {
  const t = term(id);
  const href = glossaryHref(id);
  return (
    <Tooltip
      title={
        <>
          {t.definition}{' '}
          <Link component={RouterLink} to={href} color="inherit" underline="always">
            More in the glossary
          </Link>
        </>
      }
    >
      <IconButton
        component={RouterLink}
        to={href}
        aria-label={`What is ${inSentence(t.word)}?`}
        size="small"
        sx={{ p: 1, ml: 0.5, verticalAlign: 'middle', color: 'text.secondary' }}
      >
        <HelpOutlineOutlined sx={{ fontSize: 16 }} />
      </IconButton>
    </Tooltip>
  );
}
