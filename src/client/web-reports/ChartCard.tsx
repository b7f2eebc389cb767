import DownloadIcon from '@mui/icons-material/ImageOutlined';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useRef, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { downloadPng } from './exportFigures';

/**
 * A chart with its title and a "Download PNG" button that saves the card as drawn (title, chart
 * and legend). The chart itself is laid out left to right (see `useChartDirection`).
 */
export function ChartCard({ title, fileName, children }: { title: string; fileName: string; children: ReactNode }) {
  const translate = useTranslate();
  const card = useRef<HTMLDivElement>(null);
  return (
    <Card variant="outlined" ref={card} data-testid={`chart-${fileName}`}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          <Button
            size="small"
            startIcon={<DownloadIcon />}
            onClick={() => card.current && downloadPng(card.current, fileName)}
            data-html2image-ignore
          >
            {translate('web_reports.export.png')}
          </Button>
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}
