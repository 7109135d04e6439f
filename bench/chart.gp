# The bench report's chart (bench/run.sh runs it after bench/report.py):
#   gnuplot -e "cpu='X-cpu.tsv'; rss='X-rss.tsv'; ncpu=N; nrss=M; out='X.svg'; heading='...'" bench/chart.gp
# cpu: CPU time x native per workload (rows) and variant (columns);
# rss: peak RSS MiB, the same layout; ncpu, nrss: their column counts.
set terminal svg size 1280,1000 dynamic enhanced font "sans,11" background rgb "white"
set output out
set datafile separator "\t"
# 20 distinct colours, one per variant (the full run has up to 17 host variants)
set linetype 1 lc rgb "#1f77b4" lw 1
set linetype 2 lc rgb "#ff7f0e" lw 1
set linetype 3 lc rgb "#2ca02c" lw 1
set linetype 4 lc rgb "#d62728" lw 1
set linetype 5 lc rgb "#9467bd" lw 1
set linetype 6 lc rgb "#8c564b" lw 1
set linetype 7 lc rgb "#e377c2" lw 1
set linetype 8 lc rgb "#7f7f7f" lw 1
set linetype 9 lc rgb "#bcbd22" lw 1
set linetype 10 lc rgb "#17becf" lw 1
set linetype 11 lc rgb "#393b79" lw 1
set linetype 12 lc rgb "#e7ba52" lw 1
set linetype 13 lc rgb "#637939" lw 1
set linetype 14 lc rgb "#ad494a" lw 1
set linetype 15 lc rgb "#7b4173" lw 1
set linetype 16 lc rgb "#3182bd" lw 1
set linetype 17 lc rgb "#fdae6b" lw 1
set linetype 18 lc rgb "#74c476" lw 1
set linetype 19 lc rgb "#9e9ac8" lw 1
set linetype 20 lc rgb "#636363" lw 1
set linetype cycle 20
set datafile missing "?"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border rgb "#333333"
set boxwidth 0.9
set key outside right top vertical noenhanced
set grid ytics
set xtics nomirror rotate by -25 noenhanced
set ytics nomirror
set yrange [0:*]
set multiplot layout 2,1 title heading noenhanced
set title "CPU time (user+sys), median of the rounds, × the native build of the same compiler (1 = native)"
set ylabel "× native"
plot for [i=2:ncpu] cpu using i:xtic(1) title columnheader(i), 1 with lines lt -1 dt 2 notitle
set title "Peak RSS, median of the rounds (log scale)"
set ylabel "MiB"
set logscale y
set yrange [1:*]
plot for [i=2:nrss] rss using i:xtic(1) title columnheader(i)
unset multiplot
