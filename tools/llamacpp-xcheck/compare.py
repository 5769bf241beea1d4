# compare.py A B: per step, max |A - B| over max |B| of two files of logits
# (one line of numbers per step), and the argmax of each.
import sys
a=[list(map(float,l.split())) for l in open(sys.argv[1])]
b=[list(map(float,l.split())) for l in open(sys.argv[2])]
worst=0
for s,(x,y) in enumerate(zip(a,b)):
    m=max(abs(v) for v in y)
    d=max(abs(p-q) for p,q in zip(x,y))
    worst=max(worst,d/m)
    am=max(range(len(x)),key=lambda i:x[i]); bm=max(range(len(y)),key=lambda i:y[i])
    print(f"step {s}: max|diff|/max|logit| = {d/m:.3g}  argmax {am} {bm}")
print("worst", worst, "steps", min(len(a),len(b)))
