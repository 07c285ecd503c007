/* mkavi OUT W H FRAMES: an uncompressed 8-bit AVI of dark discs moving
   on a textured background, through heartwall's avilib */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <avilib.h>   /* from the Rodinia tree (-I), not this one */
int main(int argc, char **argv)
{
	if (argc != 5) return 2;
	int w = atoi(argv[2]), h = atoi(argv[3]), n = atoi(argv[4]);
	avi_t *a = AVI_open_output_file(argv[1]);
	if (!a) return 1;
	AVI_set_video(a, w, h, 25, "DIB ");
	char *f = malloc((size_t)w * h);
	for (int k = 0; k < n; k++) {
		for (int y = 0; y < h; y++)
			for (int x = 0; x < w; x++) {
				double v = 150 + 40 * sin(x * 0.05 + k * 0.1) * cos(y * 0.07);
				for (int c = 0; c < 12; c++) {
					double cx = 60 + (c * 97) % (w - 120) + k * 2, cy = 60 + (c * 53) % (h - 120) + k;
					double d = hypot(x - cx, y - cy);
					if (d < 12) v = 40; else if (d < 15) v = 230;
				}
				f[(size_t)y * w + x] = (char)(int)v;
			}
		AVI_write_frame(a, f, (long)w * h, 1);
	}
	AVI_close(a);
	return 0;
}
