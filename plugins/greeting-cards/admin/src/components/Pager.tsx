import { Button, Flex, Typography } from '@strapi/design-system';

/** Previous / next for a {count, results} list; plain buttons so the keyboard reaches them. */
export function Pager({ page, pageSize, count, onPage }: { page: number; pageSize: number; count: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (pages <= 1) return null;
  return (
    <Flex justifyContent="space-between" paddingTop={4}>
      <Button variant="tertiary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <Typography variant="pi" textColor="neutral600">{`Page ${page} of ${pages} (${count} in all)`}</Typography>
      <Button variant="tertiary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next page
      </Button>
    </Flex>
  );
}
