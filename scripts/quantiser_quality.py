#!/usr/bin/env python3
"""quantiser_quality: the measurement behind TerminalUI.Palette (which 256-colour mapping, whether to
dither). Scores each candidate over /work/shared/testimages/thumbs (48x72 px): PSNR, PSNR after a
1-px Gaussian blur (a perceptual proxy: the eye integrates dither patterns), and the share of the
source mean chroma kept. Needs numpy and pillow (pip install numpy pillow)."""
import numpy as np, glob, math, sys
from PIL import Image, ImageFilter
L=[0,95,135,175,215,255]
pal=np.array([[L[i//36],L[(i//6)%6],L[i%6]] for i in range(216)]+[[8+10*g]*3 for g in range(24)],dtype=np.float64)
idx=np.arange(16,256)
def lvl(v):
    return np.where(v<48,0,np.where(v<115,1,np.minimum((v-35)//40,5)))
def q_euclid(px):  # Color.nearest256
    r,g,b=[px[...,i].astype(int) for i in range(3)]
    ri,gi,bi=lvl(r),lvl(g),lvl(b)
    Lr=np.array(L)
    cd=(Lr[ri]-r)**2+(Lr[gi]-g)**2+(Lr[bi]-b)**2
    avg=(r+g+b)//3
    gidx=np.where(avg>238,23,np.maximum(0,(avg-3)//10))
    gv=8+gidx*10
    gd=(gv-r)**2+(gv-g)**2+(gv-b)**2
    out=np.where(gd<cd,216+gidx,36*ri+6*gi+bi)
    return pal[out]
def redmean(a,p):
    rm=(a[...,0]+p[...,0])/2
    d=a-p
    return (512+rm)*d[...,0]**2/256+4*d[...,1]**2+(767-rm)*d[...,2]**2/256
def q_redmean(px):  # Palette256.nearest
    px=px.astype(np.float64)
    r,g,b=[px[...,i].astype(int) for i in range(3)]
    cube=36*lvl(r)+6*lvl(g)+lvl(b)
    best=cube; bd=redmean(px,pal[cube])
    mean=(r+g+b)//3
    gs=np.clip((mean-8+5)//10,0,23)
    for o in (-1,0,1):
        gg=np.clip(gs+o,0,23)
        d=redmean(px,pal[216+gg])
        m=d<bd; best=np.where(m,216+gg,best); bd=np.where(m,d,bd)
    return pal[best]
def q_full_redmean(px):
    px=px.astype(np.float64)
    d=np.stack([redmean(px,np.broadcast_to(pal[k],px.shape)) for k in range(240)],-1)
    return pal[d.argmin(-1)]
B4=np.array([[0,8,2,10],[12,4,14,6],[3,11,1,9],[15,7,13,5]])/16-0.5
def ordered(q,amp):
    def f(px):
        h,w,_=px.shape
        t=np.tile(B4,(h//4+1,w//4+1))[:h,:w,None]
        return q(np.clip(px+t*amp,0,255))
    return f
def fs(q):
    def f(px):
        a=px.astype(np.float64).copy(); h,w,_=a.shape; out=np.zeros_like(a)
        for y in range(h):
            for x in range(w):
                o=a[y,x]; n=q(np.clip(o,0,255)[None,None])[0,0]; out[y,x]=n; e=o-n
                if x+1<w: a[y,x+1]+=e*7/16
                if y+1<h:
                    if x>0: a[y+1,x-1]+=e*3/16
                    a[y+1,x]+=e*5/16
                    if x+1<w: a[y+1,x+1]+=e/16
        return out
    return f
def psnr(a,b):
    m=np.mean((a-b)**2); return 10*math.log10(255**2/m)
def blur(a): return np.asarray(Image.fromarray(np.clip(a,0,255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(1.0)),dtype=np.float64)
def chroma(a):
    return np.mean(a.max(-1)-a.min(-1))
methods={'euclid':q_euclid,'redmean':q_redmean,'redmean_full':q_full_redmean,'euclid+bayer24':ordered(q_euclid,24),'redmean+bayer24':ordered(q_redmean,24),'redmean+bayer40':ordered(q_redmean,40),'redmean+fs':fs(q_redmean)}
res={k:[] for k in methods}
for f in sorted(glob.glob((sys.argv[1] if len(sys.argv) > 1 else '/work/shared/testimages/thumbs') + '/*.jpg')):
    im=Image.open(f).convert('RGB'); im.thumbnail((48,72)); a=np.asarray(im,dtype=np.float64)
    ba=blur(a)
    for k,q in methods.items():
        o=q(a); res[k].append((psnr(a,o),psnr(ba,blur(o)),chroma(o)/max(chroma(a),1e-9)))
for k,v in res.items():
    v=np.array(v); print(f"{k:18s} psnr {v[:,0].mean():.2f}  blurred-psnr {v[:,1].mean():.2f}  chroma-kept {v[:,2].mean()*100:.0f}%")
