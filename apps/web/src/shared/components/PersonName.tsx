import Typography from '@mui/material/Typography';

/** A person as lists and confirmations show them: the full name, the username under it. */
export function PersonName({ person }: { person: { fullName: string; username: string } }) {
  return (
    <>
      {person.fullName}
      <Typography variant="body2" color="text.secondary">
        @{person.username}
      </Typography>
    </>
  );
}
